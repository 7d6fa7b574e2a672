import type { FeatureViews, MainTourStatus } from '@loupe/contract/tour';
import { lookupDelayMs, MINI_TOUR_VIEWS, type MiniTourPage, TOUR } from './tour-constants';
import {
  type Activity,
  canGoBack,
  currentStep,
  finishedStatus,
  gateMessage,
  lookupRetriesOf,
  noFacts,
  pendingMini,
  stepsOf,
  type TourEffect,
  type TourEvent,
  type TourMachineState,
  type Transition,
} from './tour-state';
import { MINI_TOURS } from './tour-steps';

/**
 * THE tour's state machine (spec §4 "Main tour status", §5 "Tour", §9): a pure reducer,
 * `tourReducer(state, event) → {state, effects}`. Everything the tour decides is here; the runner
 * (use-tour-runner.ts) only reports what happens on screen as events and carries out the effects
 * (save a status, mark a feature view, start a timer, click or navigate). Timers come back as
 * events stamped with the run they belong to, so a timer of an ended tour does nothing. The
 * state, events and effects, and what a state reads as, are in tour-state.ts.
 */

// ---------------------------------------------------------------------------------------------
// Transitions

const same = (state: TourMachineState): Transition => ({ state, effects: [] });

function startMain(state: TourMachineState): Transition {
  const run = state.run + 1;
  return {
    state: {
      ...state,
      run,
      autoStartPending: false,
      restartTooltip: false,
      activity: {
        kind: 'main',
        flow: state.approved ? 'post_kyc' : 'pre_kyc',
        step: 0,
        from: 0,
        phase: 'looking',
        attempt: 0,
        misses: 0,
        facts: noFacts,
      },
    },
    effects: [{ type: 'cancel-timers' }, { type: 'lookup' }],
  };
}

function startMini(state: TourMachineState, page: MiniTourPage): Transition {
  return {
    state: {
      ...state,
      run: state.run + 1,
      activity: { kind: 'mini', page, step: 0, phase: 'looking', attempt: 0, misses: 0 },
    },
    effects: [{ type: 'cancel-timers' }, { type: 'lookup' }],
  };
}

/** Ends whatever runs; `status` set (and saved) when given. */
function end(state: TourMachineState, status?: MainTourStatus, extra: TourEffect[] = []): Transition {
  const effects: TourEffect[] = [{ type: 'cancel-timers' }];
  let next: TourMachineState = { ...state, run: state.run + 1, activity: { kind: 'idle' } };
  if (status && status !== state.status) {
    next = { ...next, status };
    effects.push({ type: 'save-status', status });
  }
  return { state: next, effects: [...effects, ...extra] };
}

/** Close, skip, back navigation, tab change or a lost target: ignored only from not_started. */
function exitMain(state: TourMachineState): Transition {
  return end(state, state.status === 'not_started' ? 'ignored' : undefined);
}

function finishMain(state: TourMachineState, how: Parameters<typeof finishedStatus>[0]): Transition {
  return end(state, finishedStatus(how, state));
}

/**
 * What the screen calls for when nothing runs: on the dashboard the auto-start of "Take the tour"
 * or the welcome dialog (status not_started); elsewhere the screen's first pending mini tour.
 */
function settle(state: TourMachineState): Transition {
  if (!state.loaded || state.activity.kind !== 'idle') return same(state);
  if (state.screen.onDashboard && state.autoStartPending) {
    return {
      state: { ...state, autoStartPending: false },
      effects: [
        { type: 'schedule', event: { type: 'auto-start', run: state.run }, delayMs: TOUR.autoStartDelayMs },
      ],
    };
  }
  if (state.screen.onDashboard && state.status === 'not_started') {
    return same({ ...state, activity: { kind: 'welcome' } });
  }
  const page = pendingMini(state, state.screen.miniPages);
  return page ? startMini(state, page) : same(state);
}

/** Effects of two transitions in a row. */
function then(first: Transition, next: (state: TourMachineState) => Transition): Transition {
  const second = next(first.state);
  return { state: second.state, effects: [...first.effects, ...second.effects] };
}

/**
 * A mini tour ends. A completed one marks its view, and the screen's next pending one starts;
 * a closed or lost one marks nothing, and no other starts on this screen.
 */
function endMini(state: TourMachineState, completed: boolean): Transition {
  const a = state.activity;
  if (a.kind !== 'mini') return same(state);
  if (!completed) return end({ ...state, screen: { ...state.screen, miniPages: [] } });
  const { module, view } = MINI_TOUR_VIEWS[a.page];
  const views = { ...state.views, [module]: { ...state.views[module], [view]: true } } as FeatureViews;
  return then(end({ ...state, views }, undefined, [{ type: 'mark-view', page: a.page }]), settle);
}

function gotoStep(state: TourMachineState, step: number): Transition {
  const a = state.activity;
  if (a.kind === 'main') {
    return {
      state: {
        ...state,
        activity: { ...a, step, from: step, phase: 'looking', attempt: 0, misses: 0, facts: noFacts },
      },
      effects: [{ type: 'lookup' }],
    };
  }
  if (a.kind === 'mini') {
    return {
      state: { ...state, activity: { ...a, step, phase: 'looking', attempt: 0, misses: 0 } },
      effects: [{ type: 'lookup' }],
    };
  }
  return same(state);
}

/** The shown main step's target was clicked (or Next clicked it): move on as the step says. */
function followClick(state: TourMachineState, byNext: boolean): Transition {
  const a = state.activity;
  const step = currentStep(state);
  if (a.kind !== 'main' || !step) return same(state);
  switch (step.click) {
    case 'navigate': {
      const next: TourMachineState = {
        ...state,
        activity: {
          ...a,
          from: a.step,
          step: a.step + 1,
          phase: 'navigating',
          attempt: 0,
          misses: 0,
          facts: noFacts,
        },
      };
      return {
        state: next,
        effects: [
          ...(byNext ? [{ type: 'click-target' } as const] : []),
          {
            type: 'schedule',
            event: { type: 'navigation-timeout', run: state.run, step: a.step + 1 },
            delayMs: TOUR.navigationTimeoutMs,
          },
        ],
      };
    }
    case 'finish-pre-kyc':
      return finishMain(state, 'add-to-cart');
    case 'finish':
      return finishMain(state, 'confirm-stone');
    default:
      return same(state);
  }
}

function onNext(state: TourMachineState): Transition {
  const a = state.activity;
  if (a.kind === 'mini') {
    if (a.phase !== 'showing') return same(state);
    return a.step + 1 < MINI_TOURS[a.page].length ? gotoStep(state, a.step + 1) : endMini(state, true);
  }
  if (a.kind !== 'main' || a.phase !== 'showing' || gateMessage(state) !== null) return same(state);
  const step = currentStep(state)!;
  if (step.click === 'navigate') return followClick(state, true);
  const count = stepsOf(a.flow).length;
  if (a.step + 1 < count) return gotoStep(state, a.step + 1);
  return finishMain(state, a.flow === 'post_kyc' ? 'post-kyc-end' : 'pre-kyc-end');
}

function onLookupMissed(state: TourMachineState): Transition {
  const a = state.activity;
  if ((a.kind !== 'main' && a.kind !== 'mini') || a.phase !== 'looking') return same(state);
  const retry = a.attempt + 1;
  if (retry > lookupRetriesOf(a)) return a.kind === 'main' ? exitMain(state) : endMini(state, false);
  return {
    state: { ...state, activity: { ...a, attempt: retry } },
    effects: [
      { type: 'schedule', event: { type: 'lookup-retry', run: state.run }, delayMs: lookupDelayMs(retry) },
    ],
  };
}

export function tourReducer(state: TourMachineState, event: TourEvent): Transition {
  const a = state.activity;
  // A timer of an earlier run: that tour has ended or moved on.
  if ('run' in event && event.run !== state.run) return same(state);

  switch (event.type) {
    case 'loaded':
      return settle({
        ...state,
        status: event.status,
        views: event.views,
        approved: event.approved,
        loaded: true,
      });

    case 'approval-changed':
      return event.approved === state.approved ? same(state) : same({ ...state, approved: event.approved });

    case 'screen-changed': {
      const { screen } = state;
      const unchanged =
        screen.onDashboard === event.onDashboard &&
        screen.miniPages.length === event.miniPages.length &&
        screen.miniPages.every((page, i) => page === event.miniPages[i]);
      let next: TourMachineState = unchanged
        ? state
        : { ...state, screen: { onDashboard: event.onDashboard, miniPages: event.miniPages } };
      // A mini tour belongs to its screen, the welcome dialog to the dashboard.
      if (a.kind === 'mini' && !event.miniPages.includes(a.page)) return then(end(next), settle);
      if (a.kind === 'welcome' && !event.onDashboard) next = { ...next, activity: { kind: 'idle' } };
      if (a.kind === 'main')
        return a.phase === 'navigating' ? tourReducer(next, { type: 'navigated' }) : same(next);
      return settle(next);
    }

    case 'start-clicked':
      // The tour starts only from the dashboard (spec §5).
      if (!state.screen.onDashboard || !state.loaded || a.kind === 'main') return same(state);
      return startMain(state);

    case 'later-clicked':
      if (a.kind !== 'welcome') return same(state);
      return {
        state: { ...state, status: 'ignored', restartTooltip: true, activity: { kind: 'idle' } },
        effects: [{ type: 'save-status', status: 'ignored' }],
      };

    case 'restart-tooltip-seen':
      return same({ ...state, restartTooltip: false });

    case 'help-start': {
      // "Take the tour": to the dashboard, where the tour starts after the auto-start delay.
      const ended = a.kind === 'main' || a.kind === 'mini' ? end(state) : same(state);
      const pending = {
        ...ended.state,
        autoStartPending: true,
        restartTooltip: false,
        activity: { kind: 'idle' } as const,
      };
      return then({ state: pending, effects: [...ended.effects, { type: 'navigate-dashboard' }] }, settle);
    }

    case 'auto-start':
      return state.loaded && state.screen.onDashboard && a.kind !== 'main' ? startMain(state) : same(state);

    case 'reset': {
      // Back to not_started: the welcome dialog shows again on the dashboard.
      const ended = end({ ...state, restartTooltip: false, autoStartPending: false }, 'not_started');
      return then(
        { state: ended.state, effects: [...ended.effects, { type: 'navigate-dashboard' }] },
        settle,
      );
    }

    case 'lookup-result': {
      if ((a.kind !== 'main' && a.kind !== 'mini') || a.phase !== 'looking') return same(state);
      if (!event.found) return onLookupMissed(state);
      const activity: Activity =
        a.kind === 'main'
          ? { ...a, phase: 'showing', misses: 0, facts: event.facts ?? a.facts }
          : { ...a, phase: 'showing', misses: 0 };
      return {
        state: { ...state, activity },
        effects: [],
      };
    }

    case 'lookup-retry':
      if ((a.kind !== 'main' && a.kind !== 'mini') || a.phase !== 'looking') return same(state);
      return { state, effects: [{ type: 'lookup' }] };

    case 'monitor-tick': {
      if ((a.kind !== 'main' && a.kind !== 'mini') || a.phase !== 'showing') return same(state);
      if (event.present) {
        const facts = event.facts ?? (a.kind === 'main' ? a.facts : noFacts);
        const unchanged =
          a.misses === 0 &&
          (a.kind === 'mini' ||
            (a.facts.stoneCount === facts.stoneCount && a.facts.rowsSelected === facts.rowsSelected));
        if (unchanged) return same(state);
        const activity: Activity =
          a.kind === 'main' ? { ...a, misses: 0, facts: event.facts ?? a.facts } : { ...a, misses: 0 };
        return same({ ...state, activity });
      }
      const misses = a.misses + 1;
      if (misses >= TOUR.monitorMaxMisses) return a.kind === 'main' ? exitMain(state) : endMini(state, false);
      return same({ ...state, activity: { ...a, misses } });
    }

    case 'next':
      return onNext(state);

    case 'back':
      return canGoBack(state) && (a.kind === 'main' || a.kind === 'mini')
        ? gotoStep(state, a.step - 1)
        : same(state);

    case 'target-clicked':
      if (a.kind !== 'main' || a.phase !== 'showing') return same(state);
      return followClick(state, false);

    case 'exit':
      if (a.kind === 'main') return exitMain(state);
      // Closing (or escaping) a mini tour just ends it, marking nothing.
      if (a.kind === 'mini') return endMini(state, false);
      if (a.kind === 'welcome' && event.reason === 'close')
        return same({ ...state, activity: { kind: 'idle' } });
      return same(state);

    case 'navigated':
      if (a.kind !== 'main' || a.phase !== 'navigating') return same(state);
      return {
        state: { ...state, activity: { ...a, phase: 'looking', attempt: 0 } },
        effects: [{ type: 'lookup' }],
      };

    case 'navigation-timeout':
      // Only for the navigation that set it: one that arrived in time leaves its timer running,
      // and the tour may be on a later navigation when it fires.
      if (a.kind !== 'main' || a.phase !== 'navigating' || event.step !== a.step) return same(state);
      // Navigation stuck: force it to end and restart at the step shown before it, a moment later.
      return {
        state: { ...state, activity: { ...a, step: a.from, phase: 'waiting', attempt: 0, misses: 0 } },
        effects: [
          { type: 'schedule', event: { type: 'restart', run: state.run }, delayMs: TOUR.restartDelayMs },
        ],
      };

    case 'restart':
      if (a.kind !== 'main' || a.phase !== 'waiting') return same(state);
      return gotoStep(state, a.step);

    case 'save-failed':
      // The status stays set locally (spec §4); the failure is only logged.
      return { state, effects: [{ type: 'log', message: `Tour status not saved: ${event.message}` }] };
  }
}
