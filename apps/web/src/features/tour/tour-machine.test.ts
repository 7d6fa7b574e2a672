import { type MainTourStatus, noFeatureViews, TOUR_FEATURE_VIEWS } from '@loupe/contract/tour';
import { describe, expect, it } from 'vitest';
import { lookupDelayMs, MINI_TOUR_PAGES, MINI_TOUR_VIEWS, type MiniTourPage, TOUR } from './tour-constants';
import {
  canGoBack,
  currentStep,
  finishedStatus,
  gateMessage,
  initialTourState,
  progressOf,
  stepsOf,
  type TourEffect,
  type TourEvent,
  type TourMachineState,
  tourReducer,
} from './tour-machine';
import { MAIN_STEPS, MINI_TOURS } from './tour-steps';

/** Folds events through the machine, keeping every effect. */
function play(state: TourMachineState, ...events: TourEvent[]) {
  const effects: TourEffect[] = [];
  for (const event of events) {
    const t = tourReducer(state, event);
    state = t.state;
    effects.push(...t.effects);
  }
  return { state, effects };
}

const onDashboard: TourEvent = { type: 'screen-changed', onDashboard: true, miniPages: [] };
const onSearch: TourEvent = { type: 'screen-changed', onDashboard: false, miniPages: [] };
const found = (facts?: { stoneCount: number | null; rowsSelected: number }): TourEvent =>
  facts ? { type: 'lookup-result', found: true, facts } : { type: 'lookup-result', found: true };
const missed: TourEvent = { type: 'lookup-result', found: false };

function loaded(status: MainTourStatus, approved = false, views = noFeatureViews()): TourEvent {
  return { type: 'loaded', status, views, approved };
}

/** A customer on the dashboard with the tour guide read. */
function ready(status: MainTourStatus, approved = false) {
  return play(initialTourState(), onDashboard, loaded(status, approved)).state;
}

/** The main tour started from the dashboard and its first step shown. */
function started(status: MainTourStatus, approved = false) {
  let state = ready(status, approved);
  if (state.activity.kind === 'welcome') state = play(state, { type: 'later-clicked' }).state;
  // Start with the status the test asks for (later-clicked set ignored).
  state = { ...state, status, restartTooltip: false };
  return play(state, { type: 'start-clicked' }, found()).state;
}

const saves = (effects: TourEffect[]) => effects.flatMap((e) => (e.type === 'save-status' ? [e.status] : []));
const schedules = (effects: TourEffect[]) =>
  effects.flatMap((e) => (e.type === 'schedule' ? [[e.event.type, e.delayMs] as const] : []));
const main = (state: TourMachineState) => {
  if (state.activity.kind !== 'main') throw new Error(`no main tour: ${state.activity.kind}`);
  return state.activity;
};

/** From the first step (search link) to the results' Add to cart step, as the customer does it. */
function toAddToCart(state: TourMachineState) {
  return play(
    state,
    { type: 'next' }, // clicks the side bar's Search
    onSearch,
    found({ stoneCount: 12_000, rowsSelected: 0 }),
    { type: 'monitor-tick', present: true, facts: { stoneCount: 120, rowsSelected: 0 } },
    { type: 'next' }, // filters narrowed
    found(),
    { type: 'next' }, // clicks Search
    onSearch, // the result tab
    found(),
  );
}

describe('[TOUR] the constants of spec §9, in one table', () => {
  it('holds every number of the tour', () => {
    expect(TOUR).toEqual({
      preKycSteps: 4,
      postKycSteps: 2,
      miniTourMaxSteps: 4,
      navigationTimeoutMs: 5000,
      restartDelayMs: 1000,
      autoStartDelayMs: 500,
      monitorIntervalMs: 500,
      monitorMaxMisses: 5,
      lookupRetries: 5,
      lookupRetriesPostKyc: 10,
      lookupFirstDelayMs: 300,
      lookupDelayFactor: 1.5,
      filterAdviceBelowStones: 300,
    });
  });

  it('waits 300 ms before the first lookup retry, each next wait 1.5 times longer', () => {
    expect([1, 2, 3, 4, 5].map(lookupDelayMs)).toEqual([300, 450, 675, 1013, 1519]);
  });

  it('has the 4 pre-KYC steps and the 2 post-KYC steps, with their gates', () => {
    expect(stepsOf('pre_kyc').map((s) => s.id)).toEqual(['search', 'filters', 'show-results', 'add-to-cart']);
    expect(stepsOf('post_kyc').map((s) => s.id)).toEqual([
      'search',
      'filters',
      'show-results',
      'add-to-cart',
      'download-excel',
      'confirm-stone',
    ]);
    expect(MAIN_STEPS.map((s) => s.gate ?? null)).toEqual([
      null,
      'filter-count',
      null,
      null,
      'row-selected',
      'row-selected',
    ]);
  });

  it('has a mini tour of at most 4 steps for each page of §9, each marking a feature view of §3', () => {
    expect(MINI_TOUR_PAGES).toEqual([
      'bid-to-buy-add',
      'bid-to-buy-update',
      'new-arrivals-add',
      'new-arrivals-update',
      'match_pair_search',
      'dashboard',
      'dashboard_new_arrivals',
      'dashboard_bid_to_buy',
    ]);
    for (const page of MINI_TOUR_PAGES) {
      expect(MINI_TOURS[page].length).toBeGreaterThan(0);
      expect(MINI_TOURS[page].length).toBeLessThanOrEqual(TOUR.miniTourMaxSteps);
      const { module, view } = MINI_TOUR_VIEWS[page];
      expect(TOUR_FEATURE_VIEWS[module] as readonly string[]).toContain(view);
    }
    const marked = MINI_TOUR_PAGES.map((p) => `${MINI_TOUR_VIEWS[p].module}.${MINI_TOUR_VIEWS[p].view}`);
    expect(new Set(marked).size).toBe(8);
  });
});

describe('[TOUR] the welcome dialog', () => {
  it('shows on the dashboard for not_started, once the tour guide is read', () => {
    expect(play(initialTourState(), onDashboard).state.activity.kind).toBe('idle');
    expect(ready('not_started').activity.kind).toBe('welcome');
    const elsewhere = play(initialTourState(), onSearch, loaded('not_started')).state;
    expect(elsewhere.activity.kind).toBe('idle');
    expect(play(elsewhere, onDashboard).state.activity.kind).toBe('welcome');
  });

  it('does not show for any other status', () => {
    for (const status of ['ignored', 'pre_kyc_completed', 'completed'] as const) {
      expect(ready(status).activity.kind).toBe('idle');
    }
  });

  it('"Do it later" sets ignored through the API and shows the restart tooltip once', () => {
    const { state, effects } = play(ready('not_started'), { type: 'later-clicked' });
    expect(state.status).toBe('ignored');
    expect(state.activity.kind).toBe('idle');
    expect(saves(effects)).toEqual(['ignored']);
    expect(state.restartTooltip).toBe(true);
    const seen = play(state, { type: 'restart-tooltip-seen' }).state;
    expect(seen.restartTooltip).toBe(false);
    // Back on the dashboard later: no dialog, no tooltip.
    const again = play(seen, onSearch, onDashboard).state;
    expect(again.activity.kind).toBe('idle');
    expect(again.restartTooltip).toBe(false);
  });

  it('goes away when the customer leaves the dashboard, and comes back there', () => {
    const left = play(ready('not_started'), onSearch).state;
    expect(left.activity.kind).toBe('idle');
    expect(play(left, onDashboard).state.activity.kind).toBe('welcome');
  });

  it('closing it (Escape) changes nothing', () => {
    const { state, effects } = play(ready('not_started'), { type: 'exit', reason: 'close' });
    expect(state.activity.kind).toBe('idle');
    expect(state.status).toBe('not_started');
    expect(effects).toEqual([]);
  });

  it('"Start tour" begins the pre-KYC tour, or the post-KYC tour for an approved customer', () => {
    const pre = play(ready('not_started'), { type: 'start-clicked' });
    expect(main(pre.state)).toMatchObject({ flow: 'pre_kyc', step: 0, phase: 'looking', attempt: 0 });
    expect(pre.effects).toContainEqual({ type: 'lookup' });
    expect(saves(pre.effects)).toEqual([]);
    const post = play(ready('not_started', true), { type: 'start-clicked' });
    expect(main(post.state).flow).toBe('post_kyc');
  });
});

describe('[TOUR] starting', () => {
  it('starts only from the dashboard', () => {
    const elsewhere = play(initialTourState(), onSearch, loaded('ignored')).state;
    expect(play(elsewhere, { type: 'start-clicked' }).state.activity.kind).toBe('idle');
    expect(play(elsewhere, onDashboard, { type: 'start-clicked' }).state.activity.kind).toBe('main');
  });

  it('does not start before the tour guide is read', () => {
    expect(play(initialTourState(), onDashboard, { type: 'start-clicked' }).state.activity.kind).toBe('idle');
  });

  it('"Take the tour" goes to the dashboard and starts there after 500 ms', () => {
    const away = play(initialTourState(), onSearch, loaded('completed', true)).state;
    const help = play(away, { type: 'help-start' });
    expect(help.effects).toContainEqual({ type: 'navigate-dashboard' });
    expect(help.state.autoStartPending).toBe(true);
    const arrived = play(help.state, onDashboard);
    expect(schedules(arrived.effects)).toEqual([['auto-start', 500]]);
    expect(arrived.state.autoStartPending).toBe(false);
    const timer = arrived.effects.find((e) => e.type === 'schedule');
    const go = play(arrived.state, (timer as Extract<TourEffect, { type: 'schedule' }>).event);
    expect(main(go.state)).toMatchObject({ flow: 'post_kyc', step: 0, phase: 'looking' });
  });

  it('"Take the tour" on the dashboard schedules the start at once, ending a running tour first', () => {
    const running = started('completed', true);
    const help = play(running, { type: 'help-start' });
    expect(help.effects[0]).toEqual({ type: 'cancel-timers' });
    expect(schedules(help.effects)).toEqual([['auto-start', 500]]);
    expect(help.state.activity.kind).toBe('idle');
    expect(saves(help.effects)).toEqual([]);
  });

  it('an auto-start that fires away from the dashboard does nothing', () => {
    const help = play(ready('completed', true), { type: 'help-start' });
    const away = play(help.state, onSearch).state;
    expect(play(away, { type: 'auto-start', run: away.run }).state.activity.kind).toBe('idle');
  });
});

describe('[TOUR] target lookup and monitoring', () => {
  it('retries a missing target 5 times (300 ms growing by 1.5), then ends the tour as an unexpected exit', () => {
    let state = play(ready('not_started'), { type: 'start-clicked' }).state;
    const delays: number[] = [];
    for (let retry = 1; retry <= TOUR.lookupRetries; retry++) {
      const miss = play(state, missed);
      delays.push(...schedules(miss.effects).map(([, ms]) => ms));
      expect(main(miss.state).attempt).toBe(retry);
      const again = play(miss.state, { type: 'lookup-retry', run: miss.state.run });
      expect(again.effects).toEqual([{ type: 'lookup' }]);
      state = again.state;
    }
    expect(delays).toEqual([300, 450, 675, 1013, 1519]);
    const out = play(state, missed);
    expect(out.state.activity.kind).toBe('idle');
    expect(saves(out.effects)).toEqual(['ignored']);
  });

  it('retries 10 times for the post-KYC tour', () => {
    let state = play(ready('completed', true), { type: 'start-clicked' }).state;
    for (let retry = 1; retry <= TOUR.lookupRetriesPostKyc; retry++) state = play(state, missed).state;
    expect(main(state).attempt).toBe(10);
    const out = play(state, missed);
    expect(out.state.activity.kind).toBe('idle');
    // Not from not_started: no status is sent.
    expect(saves(out.effects)).toEqual([]);
  });

  it('shows the step once its target is found', () => {
    const state = started('not_started');
    expect(main(state).phase).toBe('showing');
    expect(currentStep(state)?.id).toBe('search');
    expect(progressOf(state)).toEqual({ index: 0, count: 4 });
  });

  it('ends the tour after 5 monitoring misses in a row; a hit starts the count again', () => {
    let state = started('not_started');
    const miss: TourEvent = { type: 'monitor-tick', present: false };
    state = play(state, miss, miss, miss, miss).state;
    expect(main(state).misses).toBe(4);
    state = play(state, { type: 'monitor-tick', present: true }).state;
    expect(main(state).misses).toBe(0);
    state = play(state, miss, miss, miss, miss).state;
    expect(state.activity.kind).toBe('main');
    const out = play(state, miss);
    expect(out.state.activity.kind).toBe('idle');
    expect(saves(out.effects)).toEqual(['ignored']);
  });

  it('ignores lookups and ticks that do not belong to the phase, and timers of an earlier run', () => {
    const state = started('ignored');
    expect(play(state, found()).state).toBe(state);
    expect(play(state, { type: 'lookup-retry', run: state.run }).state).toBe(state);
    const looking = play(ready('ignored'), { type: 'start-clicked' }).state;
    expect(play(looking, { type: 'monitor-tick', present: false }).state).toBe(looking);
    expect(play(looking, { type: 'lookup-retry', run: looking.run - 1 }).effects).toEqual([]);
    expect(play(ready('ignored'), { type: 'navigation-timeout', run: 0 }).effects).toEqual([]);
  });
});

describe('[TOUR] moving through the steps', () => {
  it('Next on a step that navigates clicks its target and waits for the next screen', () => {
    const { state, effects } = play(started('not_started'), { type: 'next' });
    expect(effects[0]).toEqual({ type: 'click-target' });
    expect(schedules(effects)).toEqual([['navigation-timeout', 5000]]);
    expect(main(state)).toMatchObject({ step: 1, from: 0, phase: 'navigating' });
    const arrived = play(state, onSearch);
    expect(main(arrived.state)).toMatchObject({ step: 1, phase: 'looking' });
    expect(arrived.effects).toEqual([{ type: 'lookup' }]);
  });

  it("the customer's own click on that target does the same, without a second click", () => {
    const { state, effects } = play(started('not_started'), { type: 'target-clicked' });
    expect(effects.some((e) => e.type === 'click-target')).toBe(false);
    expect(main(state).phase).toBe('navigating');
  });

  it('a navigation stuck for 5 s is force-ended and the tour restarts at the current step after 1000 ms', () => {
    const nav = play(started('not_started'), { type: 'next' }).state;
    const stuck = play(nav, { type: 'navigation-timeout', run: nav.run });
    expect(main(stuck.state)).toMatchObject({ step: 0, phase: 'waiting' });
    expect(schedules(stuck.effects)).toEqual([['restart', 1000]]);
    const restarted = play(stuck.state, { type: 'restart', run: stuck.state.run });
    expect(main(restarted.state)).toMatchObject({ step: 0, phase: 'looking', attempt: 0 });
    expect(restarted.effects).toEqual([{ type: 'lookup' }]);
    // A navigation that arrives in time makes the timeout moot.
    const arrived = play(nav, onSearch, found()).state;
    expect(play(arrived, { type: 'navigation-timeout', run: arrived.run }).state).toBe(arrived);
    expect(play(arrived, { type: 'restart', run: arrived.run }).state).toBe(arrived);
  });

  it('guides the filters until fewer than 300 stones match', () => {
    let state = play(started('not_started'), { type: 'next' }, onSearch, found()).state;
    expect(currentStep(state)?.id).toBe('filters');
    expect(gateMessage(state)).toBe('Counting stones…');
    const tick = (stoneCount: number | null): TourEvent => ({
      type: 'monitor-tick',
      present: true,
      facts: { stoneCount, rowsSelected: 0 },
    });
    for (const count of [12_000, 300]) {
      state = play(state, tick(count)).state;
      expect(gateMessage(state)).toMatch(/Add filters until fewer than 300 do/);
      expect(play(state, { type: 'next' }).state).toBe(state);
    }
    state = play(state, tick(0)).state;
    expect(gateMessage(state)).toMatch(/No stone matches/);
    state = play(state, tick(299)).state;
    expect(gateMessage(state)).toBeNull();
    expect(currentStep(play(state, { type: 'next' }).state)?.id).toBe('show-results');
  });

  it('Previous goes back within a screen, never across a navigation nor before the first step', () => {
    const first = started('not_started');
    expect(canGoBack(first)).toBe(false);
    expect(play(first, { type: 'back' }).state).toBe(first);
    const filters = play(first, { type: 'next' }, onSearch, found({ stoneCount: 10, rowsSelected: 0 })).state;
    expect(canGoBack(filters)).toBe(false);
    expect(play(filters, { type: 'back' }).state).toBe(filters);
    const results = toAddToCart(started('completed', true)).state;
    const excel = play(results, { type: 'next' }, found({ stoneCount: null, rowsSelected: 1 })).state;
    expect(currentStep(excel)?.id).toBe('download-excel');
    expect(canGoBack(excel)).toBe(true);
    const back = play(excel, { type: 'back' });
    expect(currentStep(back.state)?.id).toBe('add-to-cart');
    expect(back.effects).toEqual([{ type: 'lookup' }]);
  });

  it('asks for a ticked row before the download and confirm steps', () => {
    const results = toAddToCart(started('completed', true)).state;
    let state = play(results, { type: 'next' }, found()).state;
    expect(gateMessage(state)).toBe('Tick the checkbox of a stone first.');
    expect(play(state, { type: 'next' }).state).toBe(state);
    state = play(state, {
      type: 'monitor-tick',
      present: true,
      facts: { stoneCount: null, rowsSelected: 2 },
    }).state;
    expect(gateMessage(state)).toBeNull();
    state = play(state, { type: 'next' }, found()).state;
    expect(currentStep(state)?.id).toBe('confirm-stone');
    expect(gateMessage(state)).toBe('Tick the checkbox of a stone first.');
  });
});

describe('[TOUR] main tour status at the end (spec §4)', () => {
  it('the 4 pre-KYC steps end as pre_kyc_completed', () => {
    const results = toAddToCart(started('not_started')).state;
    expect(progressOf(results)).toEqual({ index: 3, count: 4 });
    const done = play(results, { type: 'next' });
    expect(done.state.activity.kind).toBe('idle');
    expect(done.state.status).toBe('pre_kyc_completed');
    expect(saves(done.effects)).toEqual(['pre_kyc_completed']);
  });

  it('…as completed for one already pre_kyc_completed, back on the search results', () => {
    const done = play(toAddToCart(started('pre_kyc_completed')).state, { type: 'next' });
    expect(saves(done.effects)).toEqual(['completed']);
  });

  it('…as completed for an approved customer (finishedStatus)', () => {
    expect(finishedStatus('pre-kyc-end', { status: 'not_started', approved: true })).toBe('completed');
    expect(finishedStatus('pre-kyc-end', { status: 'ignored', approved: false })).toBe('pre_kyc_completed');
    expect(finishedStatus('post-kyc-end', { status: 'not_started', approved: true })).toBe('completed');
  });

  it('a click on Add to cart completes it as pre_kyc_completed', () => {
    for (const approved of [false, true]) {
      const done = play(toAddToCart(started('not_started', approved)).state, { type: 'target-clicked' });
      expect(done.state.activity.kind).toBe('idle');
      expect(saves(done.effects)).toEqual(['pre_kyc_completed']);
    }
  });

  it('never lowers a completed tour', () => {
    const done = play(toAddToCart(started('completed', true)).state, { type: 'target-clicked' });
    expect(done.state.status).toBe('completed');
    expect(saves(done.effects)).toEqual([]);
  });

  it('the post-KYC tour adds download and confirm, and ends as completed', () => {
    const results = toAddToCart(started('not_started', true)).state;
    expect(progressOf(results)).toEqual({ index: 3, count: 6 });
    const rows = { stoneCount: null, rowsSelected: 1 };
    const done = play(results, { type: 'next' }, found(rows), { type: 'next' }, found(rows), {
      type: 'next',
    });
    expect(done.state.activity.kind).toBe('idle');
    expect(saves(done.effects)).toEqual(['completed']);
  });

  it('a click on Confirm Stone completes it as completed', () => {
    const rows = { stoneCount: null, rowsSelected: 1 };
    const confirm = play(
      toAddToCart(started('pre_kyc_completed', true)).state,
      { type: 'next' },
      found(rows),
      { type: 'next' },
      found(rows),
    ).state;
    const done = play(confirm, { type: 'target-clicked' });
    expect(saves(done.effects)).toEqual(['completed']);
    // The download step's own button does not end the tour.
    const excel = play(toAddToCart(started('pre_kyc_completed', true)).state, { type: 'next' }, found(rows));
    expect(play(excel.state, { type: 'target-clicked' }).state).toBe(excel.state);
  });

  it('unexpected exits end the tour as ignored from not_started, with no call otherwise', () => {
    const reasons = ['back-navigation', 'tab-change', 'missing-target', 'close', 'skip'] as const;
    for (const reason of reasons) {
      const fresh = play(started('not_started'), { type: 'exit', reason });
      expect(fresh.state.activity.kind).toBe('idle');
      expect(fresh.state.status).toBe('ignored');
      expect(saves(fresh.effects)).toEqual(['ignored']);
      expect(fresh.effects[0]).toEqual({ type: 'cancel-timers' });
      for (const status of ['ignored', 'pre_kyc_completed', 'completed'] as const) {
        const other = play(started(status), { type: 'exit', reason });
        expect(other.state.activity.kind).toBe('idle');
        expect(other.state.status).toBe(status);
        expect(saves(other.effects)).toEqual([]);
      }
    }
    // While navigating or waiting too.
    const nav = play(started('not_started'), { type: 'next' }).state;
    expect(saves(play(nav, { type: 'exit', reason: 'tab-change' }).effects)).toEqual(['ignored']);
  });

  it('reset sets not_started and shows the dialog on the dashboard again', () => {
    const { state, effects } = play(ready('completed'), { type: 'reset' });
    expect(state.status).toBe('not_started');
    expect(saves(effects)).toEqual(['not_started']);
    expect(effects).toContainEqual({ type: 'navigate-dashboard' });
    expect(state.activity.kind).toBe('welcome');
    const away = play(play(initialTourState(), onSearch, loaded('ignored')).state, { type: 'reset' }).state;
    expect(away.activity.kind).toBe('idle');
    expect(play(away, onDashboard).state.activity.kind).toBe('welcome');
  });

  it('keeps the status locally when saving fails, and logs it', () => {
    const later = play(ready('not_started'), { type: 'later-clicked' }).state;
    const failed = play(later, { type: 'save-failed', message: 'Something went wrong' });
    expect(failed.state).toBe(later);
    expect(failed.state.status).toBe('ignored');
    expect(failed.effects).toEqual([{ type: 'log', message: 'Tour status not saved: Something went wrong' }]);
  });

  it('keeps its state when the screen or the approval reported has not changed', () => {
    const state = ready('ignored');
    expect(play(state, onDashboard).state).toBe(state);
    expect(play(state, { type: 'approval-changed', approved: false }).state).toBe(state);
  });

  it('follows a KYC approval', () => {
    expect(play(ready('ignored'), { type: 'approval-changed', approved: true }).state.approved).toBe(true);
  });
});

describe('[TOUR] mini tours', () => {
  const dashboardMinis: MiniTourPage[] = ['dashboard', 'dashboard_new_arrivals', 'dashboard_bid_to_buy'];
  const withMinis: TourEvent = { type: 'screen-changed', onDashboard: true, miniPages: dashboardMinis };

  function ready2(status: MainTourStatus, approved = true, views = noFeatureViews()) {
    return play(initialTourState(), loaded(status, approved, views));
  }

  it("starts the screen's first pending mini tour for an approved customer past the main tour", () => {
    for (const status of ['completed', 'pre_kyc_completed'] as const) {
      const { state, effects } = play(ready2(status).state, withMinis);
      expect(state.activity).toMatchObject({ kind: 'mini', page: 'dashboard', step: 0, phase: 'looking' });
      expect(effects).toContainEqual({ type: 'lookup' });
    }
  });

  it('does not start for a customer not approved, or before/after ignoring the main tour', () => {
    expect(play(ready2('completed', false).state, withMinis).state.activity.kind).toBe('idle');
    expect(play(ready2('ignored').state, withMinis).state.activity.kind).toBe('idle');
    expect(play(ready2('not_started').state, withMinis).state.activity.kind).toBe('welcome');
  });

  it('skips mini tours whose feature view is already true', () => {
    const views = noFeatureViews();
    views.dashboard.search_stone_id = true;
    const { state } = play(ready2('completed', true, views).state, withMinis);
    expect(state.activity).toMatchObject({ kind: 'mini', page: 'dashboard_new_arrivals' });
    const all = noFeatureViews();
    Object.assign(all.dashboard, { search_stone_id: true, new_arrivals_bids: true, bid_to_buy_bids: true });
    expect(play(ready2('completed', true, all).state, withMinis).state.activity.kind).toBe('idle');
  });

  it('completing one marks its feature view, never the main status, and starts the next', () => {
    const { state, effects } = play(ready2('completed').state, withMinis, found(), { type: 'next' });
    expect(effects).toContainEqual({ type: 'mark-view', page: 'dashboard' });
    expect(saves(effects)).toEqual([]);
    expect(state.status).toBe('completed');
    expect(state.views.dashboard.search_stone_id).toBe(true);
    expect(state.activity).toMatchObject({ kind: 'mini', page: 'dashboard_new_arrivals', step: 0 });
  });

  it('walks a mini tour of several steps with Next and Previous', () => {
    const b2b: TourEvent = { type: 'screen-changed', onDashboard: false, miniPages: ['bid-to-buy-add'] };
    let state = play(ready2('completed').state, b2b, found(), { type: 'next' }, found()).state;
    expect(progressOf(state)).toEqual({ index: 1, count: 2 });
    state = play(state, { type: 'back' }, found()).state;
    expect(progressOf(state)).toEqual({ index: 0, count: 2 });
    const done = play(state, { type: 'next' }, found(), { type: 'next' });
    expect(done.effects).toContainEqual({ type: 'mark-view', page: 'bid-to-buy-add' });
    expect(done.state.views.bid_to_buy).toEqual({ apply_bid: true, update_bid: false });
    expect(done.state.activity.kind).toBe('idle');
  });

  it('closing or escaping one just ends it: nothing marked, no other on this screen', () => {
    const shown = play(ready2('completed').state, withMinis, found()).state;
    const { state, effects } = play(shown, { type: 'exit', reason: 'close' });
    expect(state.activity.kind).toBe('idle');
    expect(effects.some((e) => e.type === 'mark-view' || e.type === 'save-status')).toBe(false);
    expect(state.views.dashboard.search_stone_id).toBe(false);
    // On the next visit of the screen it is offered again.
    expect(play(state, onSearch, withMinis).state.activity).toMatchObject({
      kind: 'mini',
      page: 'dashboard',
    });
  });

  it('ends without marking when its target cannot be found or is lost', () => {
    let state = play(ready2('completed').state, withMinis).state;
    for (let i = 0; i < TOUR.lookupRetries; i++) state = play(state, missed).state;
    const lost = play(state, missed);
    expect(lost.state.activity.kind).toBe('idle');
    expect(lost.effects.some((e) => e.type === 'mark-view' || e.type === 'save-status')).toBe(false);
    let shown = play(ready2('completed').state, withMinis, found()).state;
    for (let i = 0; i < TOUR.monitorMaxMisses; i++)
      shown = play(shown, { type: 'monitor-tick', present: false }).state;
    expect(shown.activity.kind).toBe('idle');
  });

  it('ends when the customer leaves its screen', () => {
    const shown = play(ready2('completed').state, withMinis, found()).state;
    const { state, effects } = play(shown, onSearch);
    expect(state.activity.kind).toBe('idle');
    expect(effects).toContainEqual({ type: 'cancel-timers' });
  });

  it('never runs beside the main tour', () => {
    const running = started('completed', true);
    expect(play(running, withMinis).state.activity.kind).toBe('main');
  });
});
