import { type FeatureViews, type MainTourStatus, noFeatureViews } from '@loupe/contract/tour';
import { formatCount } from '../../lib/format';
import { MINI_TOUR_VIEWS, type MiniTourPage, TOUR } from './tour-constants';
import { MAIN_STEPS, MINI_TOURS, POST_KYC_STEP_COUNT, PRE_KYC_STEP_COUNT, type TourStep } from './tour-steps';

/**
 * The tour machine's state, events and effects (tour-machine.ts holds the transitions), and the
 * readings of a state that the runner and the popover show: the step on screen, step n of m,
 * whether Back may be pressed, why Next waits, and the main tour's end status.
 */

export type MainFlow = 'pre_kyc' | 'post_kyc';

/** What the shown step's element tells the machine at each check (for the gated steps). */
export interface StepFacts {
  /** Stones the search form counts now (null while counting or unknown). */
  stoneCount: number | null;
  /** Rows ticked in the result grid. */
  rowsSelected: number;
}

export const noFacts: StepFacts = { stoneCount: null, rowsSelected: 0 };

/**
 * looking: the step's target is being looked up (attempt 0 is the first look, then retries);
 * showing: it is on screen and monitored; navigating: a click moved to another screen, whose step
 * (`step`) is looked up once the address has changed; waiting: a stuck navigation was ended and
 * the tour restarts at `step` after the restart delay.
 */
export type Phase = 'looking' | 'showing' | 'navigating' | 'waiting';

export type Activity =
  | { kind: 'idle' }
  | { kind: 'welcome' }
  | {
      kind: 'main';
      flow: MainFlow;
      step: number;
      /** The step shown when a navigation began: where a stuck navigation restarts. */
      from: number;
      phase: Phase;
      attempt: number;
      misses: number;
      facts: StepFacts;
    }
  | {
      kind: 'mini';
      page: MiniTourPage;
      step: number;
      phase: 'looking' | 'showing';
      attempt: number;
      misses: number;
    };

export interface TourMachineState {
  /** The customer's main tour status as this tab knows it (set locally even when saving fails). */
  status: MainTourStatus;
  views: FeatureViews;
  approved: boolean;
  /** False until the tour guide has been read: nothing starts before. */
  loaded: boolean;
  activity: Activity;
  /** "Do it later" shows a tooltip on the help menu once. */
  restartTooltip: boolean;
  /** "Take the tour" was chosen: the tour starts on the dashboard after the auto-start delay. */
  autoStartPending: boolean;
  /**
   * The screen on show: the dashboard (where the dialog and the tour start), and the mini tours it
   * offers in order (emptied when the customer closes one, until the next screen).
   */
  screen: { onDashboard: boolean; miniPages: readonly MiniTourPage[] };
  /** Increases at every start and end: timers of another run are ignored. */
  run: number;
}

/** Events that come back from a timer: they carry the run that set them. */
export type TimerEvent =
  | { type: 'auto-start'; run: number }
  | { type: 'lookup-retry'; run: number }
  /** `step`: the step the navigation goes to; a later navigation's timer is another's. */
  | { type: 'navigation-timeout'; run: number; step: number }
  | { type: 'restart'; run: number };

export type UnexpectedExit = 'back-navigation' | 'tab-change' | 'missing-target' | 'close' | 'skip';

export type TourEvent =
  | { type: 'loaded'; status: MainTourStatus; views: FeatureViews; approved: boolean }
  | { type: 'approval-changed'; approved: boolean }
  /** The screen changed: `miniPages` are the mini tours it offers; `onDashboard` for / and /v2. */
  | { type: 'screen-changed'; onDashboard: boolean; miniPages: readonly MiniTourPage[] }
  | { type: 'start-clicked' }
  | { type: 'later-clicked' }
  | { type: 'restart-tooltip-seen' }
  | { type: 'help-start' }
  | { type: 'reset' }
  | { type: 'lookup-result'; found: boolean; facts?: StepFacts }
  | { type: 'monitor-tick'; present: boolean; facts?: StepFacts }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'target-clicked' }
  | { type: 'exit'; reason: UnexpectedExit }
  /** The address changed while navigating between steps. */
  | { type: 'navigated' }
  | { type: 'save-failed'; message: string }
  | TimerEvent;

export type TourEffect =
  | { type: 'save-status'; status: MainTourStatus }
  | { type: 'mark-view'; page: MiniTourPage }
  | { type: 'schedule'; event: TimerEvent; delayMs: number }
  | { type: 'cancel-timers' }
  | { type: 'navigate-dashboard' }
  /** Look up the target of the current step now (the runner answers `lookup-result`). */
  | { type: 'lookup' }
  /** Click the current step's target for the customer (Next on a step that navigates). */
  | { type: 'click-target' }
  | { type: 'log'; message: string };

export interface Transition {
  state: TourMachineState;
  effects: TourEffect[];
}

export function initialTourState(): TourMachineState {
  return {
    status: 'not_started',
    views: noFeatureViews(),
    approved: false,
    loaded: false,
    activity: { kind: 'idle' },
    restartTooltip: false,
    autoStartPending: false,
    screen: { onDashboard: false, miniPages: [] },
    run: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the state

/** The main tour's steps for a flow: 4 before KYC, 6 after (spec §4). */
export function stepsOf(flow: MainFlow): readonly TourStep[] {
  return MAIN_STEPS.slice(0, flow === 'post_kyc' ? POST_KYC_STEP_COUNT : PRE_KYC_STEP_COUNT);
}

/** Lookup retries of a tour: 10 for the post-KYC tour, else 5 (mini tours too). */
export function lookupRetriesOf(activity: Activity): number {
  return activity.kind === 'main' && activity.flow === 'post_kyc'
    ? TOUR.lookupRetriesPostKyc
    : TOUR.lookupRetries;
}

/** The step on screen or being looked up, or null. */
export function currentStep(state: TourMachineState): TourStep | null {
  const a = state.activity;
  if (a.kind === 'main') return stepsOf(a.flow)[a.step] ?? null;
  if (a.kind === 'mini') return MINI_TOURS[a.page][a.step] ?? null;
  return null;
}

/** Step n of m, for the popover. */
export function progressOf(state: TourMachineState): { index: number; count: number } | null {
  const a = state.activity;
  if (a.kind === 'main') return { index: a.step, count: stepsOf(a.flow).length };
  if (a.kind === 'mini') return { index: a.step, count: MINI_TOURS[a.page].length };
  return null;
}

/**
 * Previous is offered within one screen only: never before the first step, nor back to a step
 * whose click moved to this screen.
 */
export function canGoBack(state: TourMachineState): boolean {
  const a = state.activity;
  if ((a.kind !== 'main' && a.kind !== 'mini') || a.phase !== 'showing' || a.step === 0) return false;
  return !(a.kind === 'main' && stepsOf(a.flow)[a.step - 1]?.click === 'navigate');
}

/** Why Next waits, in the customer's words; null when Next may be pressed. */
export function gateMessage(state: TourMachineState): string | null {
  const a = state.activity;
  const step = currentStep(state);
  if (a.kind !== 'main' || !step?.gate) return null;
  if (step.gate === 'filter-count') {
    const n = a.facts.stoneCount;
    if (n === null) return 'Counting stones…';
    if (n === 0) return 'No stone matches these filters yet: widen them a little.';
    if (n >= TOUR.filterAdviceBelowStones)
      return `${formatCount(n)} stones match. Add filters until fewer than ${TOUR.filterAdviceBelowStones} do.`;
    return null;
  }
  return a.facts.rowsSelected > 0 ? null : 'Tick the checkbox of a stone first.';
}

/** The main tour's end status (spec §4). Never lowers a completed tour. */
export function finishedStatus(
  how: 'pre-kyc-end' | 'add-to-cart' | 'post-kyc-end' | 'confirm-stone',
  state: Pick<TourMachineState, 'status' | 'approved'>,
): MainTourStatus {
  if (how === 'post-kyc-end' || how === 'confirm-stone') return 'completed';
  if (state.status === 'completed') return 'completed';
  if (how === 'add-to-cart') return 'pre_kyc_completed';
  // The 4 steps done: completed for an approved customer, or one who had done them before and
  // is on the search results again; else pre_kyc_completed.
  return state.approved || state.status === 'pre_kyc_completed' ? 'completed' : 'pre_kyc_completed';
}

export function pendingMini(state: TourMachineState, pages: readonly MiniTourPage[]): MiniTourPage | null {
  // Mini tours are for approved customers who have been through (or past) the main tour's dialog
  // and its first run; they never interrupt the main tour or the welcome dialog.
  if (!state.approved || !state.loaded) return null;
  if (state.status !== 'completed' && state.status !== 'pre_kyc_completed') return null;
  return (
    pages.find((page) => {
      const { module, view } = MINI_TOUR_VIEWS[page];
      return !(state.views[module] as Record<string, boolean>)[view];
    }) ?? null
  );
}
