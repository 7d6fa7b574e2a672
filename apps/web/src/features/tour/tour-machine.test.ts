import { TOUR_FEATURE_VIEWS } from '@loupe/contract/tour';
import { describe, expect, it } from 'vitest';
import { lookupDelayMs, MINI_TOUR_PAGES, MINI_TOUR_VIEWS, TOUR } from './tour-constants';
import {
  found,
  loaded,
  main,
  missed,
  onDashboard,
  onSearch,
  play,
  ready,
  saves,
  schedules,
  started,
  toAddToCart,
} from './tour-machine-kit';
import {
  canGoBack,
  currentStep,
  gateMessage,
  initialTourState,
  progressOf,
  stepsOf,
  type TourEffect,
  type TourEvent,
} from './tour-state';
import { MAIN_STEPS, MINI_TOURS } from './tour-steps';

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
    expect(play(ready('ignored'), { type: 'navigation-timeout', run: 0, step: 1 }).effects).toEqual([]);
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
    const stuck = play(nav, { type: 'navigation-timeout', run: nav.run, step: 1 });
    expect(main(stuck.state)).toMatchObject({ step: 0, phase: 'waiting' });
    expect(schedules(stuck.effects)).toEqual([['restart', 1000]]);
    const restarted = play(stuck.state, { type: 'restart', run: stuck.state.run });
    expect(main(restarted.state)).toMatchObject({ step: 0, phase: 'looking', attempt: 0 });
    expect(restarted.effects).toEqual([{ type: 'lookup' }]);
    // A navigation that arrives in time makes the timeout moot.
    const arrived = play(nav, onSearch, found()).state;
    expect(play(arrived, { type: 'navigation-timeout', run: arrived.run, step: 1 }).state).toBe(arrived);
    expect(play(arrived, { type: 'restart', run: arrived.run }).state).toBe(arrived);
  });

  it("a navigation's timeout firing during a later navigation leaves that one alone", () => {
    // To the search screen (its 5 s timer set), filters met, then Search within those 5 s.
    const toSearch = play(started('not_started'), { type: 'next' });
    const [first] = toSearch.effects.filter((e) => e.type === 'schedule').map((e) => e.event);
    const fewer: TourEvent = {
      type: 'monitor-tick',
      present: true,
      facts: { stoneCount: 72, rowsSelected: 0 },
    };
    const toResults = play(toSearch.state, onSearch, found(), fewer, { type: 'next' }, found(), {
      type: 'next',
    });
    expect(main(toResults.state)).toMatchObject({ step: 3, from: 2, phase: 'navigating' });
    // The first navigation's timer is not this one's: the tour waits for the result tab.
    expect(play(toResults.state, first!).state).toBe(toResults.state);
    const arrived = play(toResults.state, onSearch, found());
    expect(currentStep(arrived.state)?.id).toBe('add-to-cart');
    expect(main(arrived.state).phase).toBe('showing');
    // Its own timer still ends a navigation that never arrives.
    const [own] = toResults.effects.filter((e) => e.type === 'schedule').map((e) => e.event);
    expect(main(play(toResults.state, own!).state)).toMatchObject({ step: 2, phase: 'waiting' });
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
