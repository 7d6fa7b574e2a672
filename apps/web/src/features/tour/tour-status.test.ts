import { type MainTourStatus, noFeatureViews } from '@loupe/contract/tour';
import { describe, expect, it } from 'vitest';
import { type MiniTourPage, TOUR } from './tour-constants';
import {
  found,
  loaded,
  missed,
  onDashboard,
  onSearch,
  play,
  ready,
  saves,
  started,
  toAddToCart,
} from './tour-machine-kit';
import { finishedStatus, initialTourState, progressOf, type TourEvent } from './tour-state';

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
