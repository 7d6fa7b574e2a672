import { PAIR_LIMITS } from '@loupe/contract/matching-pairs';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { useSyncExternalStore } from 'react';
import { sessionFingerprint } from '../../lib/auth-token';
import { readJson, writeJson } from '../../lib/storage';

/**
 * The matching-pair screen's result tabs: each search opens "Result N" with its own filters and
 * selected pairs, at most 10 open (as the search's). Kept in sessionStorage for this login.
 */

export interface PairTab {
  id: string;
  filters: StoneFiltersInput;
  /** Selected pair ids. */
  selection: string[];
  /** 0-based page of pairs. */
  page: number;
  /** The buyer is changing this result's filters (Modify Search). */
  editing: boolean;
}

export interface PairTabsState {
  tabs: PairTab[];
  /** The new-search form, kept across a reload and a trip to a result. */
  draft: StoneFiltersInput | null;
}

export const PAIR_TABS_KEY = 'loupe.pairTabs';
export const MAX_PAIR_TABS = STOCK_LIMITS.maxResultTabs;
/** A result holds at most this many pairs. */
export const MAX_PAIRS = PAIR_LIMITS.maxPairs;

const EMPTY: PairTabsState = { tabs: [], draft: null };
const listeners = new Set<() => void>();
let current: { session: string; state: PairTabsState } | null = null;

export function getPairTabs(): PairTabsState {
  const session = sessionFingerprint();
  if (current?.session !== session) {
    const stored = readJson<PairTabsState & { session?: string }>('session', PAIR_TABS_KEY);
    current = {
      session,
      state:
        stored?.session === session
          ? { tabs: (stored.tabs ?? []).slice(0, MAX_PAIR_TABS), draft: stored.draft ?? null }
          : EMPTY,
    };
  }
  return current.state;
}

function setState(next: PairTabsState) {
  const session = sessionFingerprint();
  current = { session, state: next };
  writeJson('session', PAIR_TABS_KEY, { ...next, session });
  for (const listener of listeners) listener();
}

/** Opens a result tab for these filters: its 1-based number, or null when 10 are open. */
export function openPairResult(filters: StoneFiltersInput): number | null {
  const { tabs, draft } = getPairTabs();
  if (tabs.length >= MAX_PAIR_TABS) return null;
  const tab: PairTab = { id: crypto.randomUUID(), filters, selection: [], page: 0, editing: false };
  setState({ tabs: [...tabs, tab], draft });
  return tabs.length + 1;
}

export function updatePairTab(id: string, patch: Partial<Omit<PairTab, 'id'>>) {
  const state = getPairTabs();
  setState({ ...state, tabs: state.tabs.map((tab) => (tab.id === id ? { ...tab, ...patch } : tab)) });
}

export function closePairTab(id: string) {
  const state = getPairTabs();
  setState({ ...state, tabs: state.tabs.filter((tab) => tab.id !== id) });
}

export function setPairDraft(draft: StoneFiltersInput | null) {
  const state = getPairTabs();
  if (JSON.stringify(state.draft) === JSON.stringify(draft)) return;
  setState({ ...state, draft });
}

export function usePairTabs(): PairTabsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getPairTabs,
    () => EMPTY,
  );
}
