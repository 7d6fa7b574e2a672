import { type MainTourStatus, noFeatureViews } from '@loupe/contract/tour';
import { tourReducer } from './tour-machine';
import { initialTourState, type TourEffect, type TourEvent, type TourMachineState } from './tour-state';

/** The tour machine's tests' kit: events folded through the machine, and the customer's usual moves. */

/** Folds events through the machine, keeping every effect. */
export function play(state: TourMachineState, ...events: TourEvent[]) {
  const effects: TourEffect[] = [];
  for (const event of events) {
    const t = tourReducer(state, event);
    state = t.state;
    effects.push(...t.effects);
  }
  return { state, effects };
}

export const onDashboard: TourEvent = { type: 'screen-changed', onDashboard: true, miniPages: [] };
export const onSearch: TourEvent = { type: 'screen-changed', onDashboard: false, miniPages: [] };
export const found = (facts?: { stoneCount: number | null; rowsSelected: number }): TourEvent =>
  facts ? { type: 'lookup-result', found: true, facts } : { type: 'lookup-result', found: true };
export const missed: TourEvent = { type: 'lookup-result', found: false };

export function loaded(status: MainTourStatus, approved = false, views = noFeatureViews()): TourEvent {
  return { type: 'loaded', status, views, approved };
}

/** A customer on the dashboard with the tour guide read. */
export function ready(status: MainTourStatus, approved = false) {
  return play(initialTourState(), onDashboard, loaded(status, approved)).state;
}

/** The main tour started from the dashboard and its first step shown. */
export function started(status: MainTourStatus, approved = false) {
  let state = ready(status, approved);
  if (state.activity.kind === 'welcome') state = play(state, { type: 'later-clicked' }).state;
  // Start with the status the test asks for (later-clicked set ignored).
  state = { ...state, status, restartTooltip: false };
  return play(state, { type: 'start-clicked' }, found()).state;
}

export const saves = (effects: TourEffect[]) =>
  effects.flatMap((e) => (e.type === 'save-status' ? [e.status] : []));
export const schedules = (effects: TourEffect[]) =>
  effects.flatMap((e) => (e.type === 'schedule' ? [[e.event.type, e.delayMs] as const] : []));
export const main = (state: TourMachineState) => {
  if (state.activity.kind !== 'main') throw new Error(`no main tour: ${state.activity.kind}`);
  return state.activity;
};

/** From the first step (search link) to the results' Add to cart step, as the customer does it. */
export function toAddToCart(state: TourMachineState) {
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
