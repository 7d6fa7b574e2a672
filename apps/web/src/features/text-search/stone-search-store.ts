import type { Stone } from '@loupe/contract/stones';
import { useSyncExternalStore } from 'react';
import { changeStones, type StoneChange } from '../../domain/stones/stones-on-screen';
import { readItem, readJson, removeItem, writeJson } from '../../lib/storage';

/** The scopes of the global search, as the text-search call names them (spec §9). */
export type StoneSearchScope = 'normal' | 'NewArrivals' | 'BidToBuy';

/** What a text search answered, as the results page shows it (spec §3 "Text search result"). */
export interface StoneSearchResultData {
  foundKeywords: string[];
  foundProducts: Stone[];
  notFoundKeywords: string[];
}

/**
 * The global stone id search handed from the search boxes to the results screen: spec §3
 * "Dashboard search result state" (stoneId = `keywords`, searchType = `scope`). It lives in
 * sessionStorage so a reload of the results page shows the same result without searching again.
 */
export interface StoneSearchState {
  keywords: string;
  scope: StoneSearchScope;
  /** The source page name of the page the search started on (sourcePageFor in src/config/paths.ts). */
  sourcePage: string;
  /** The results page this state belongs to; leaving it for any other page clears the state. */
  forPath: string;
  /** True once the answer is in and the results page shows it. */
  isResultPage?: boolean;
  resultPageData?: StoneSearchResultData | null;
  textSearchReportId?: string | null;
  isNewArrival?: boolean;
}

export const STONE_SEARCH_KEY = 'loupe.stoneSearch';
export const STORED_BID_KEY = 'loupe.storedBid';

const listeners = new Set<() => void>();
// The parsed state of the stored text, so readers get the same object until the text changes.
let cached: { text: string | null; state: StoneSearchState | null } = { text: null, state: null };

function notify() {
  for (const listener of listeners) listener();
}

export function getStoneSearch(): StoneSearchState | null {
  const text = readItem('session', STONE_SEARCH_KEY);
  if (text !== cached.text) cached = { text, state: readJson<StoneSearchState>('session', STONE_SEARCH_KEY) };
  return cached.state;
}

export function setStoneSearch(state: StoneSearchState): void {
  writeJson('session', STONE_SEARCH_KEY, state);
  // A result too big for the storage quota: keep the search itself, so the results page can ask
  // again rather than show the previous search.
  if (readItem('session', STONE_SEARCH_KEY) !== JSON.stringify(state)) {
    writeJson('session', STONE_SEARCH_KEY, { ...state, isResultPage: false, resultPageData: null });
  }
  notify();
}

/**
 * A change of stones shown on the results page (put in the cart, sold), kept with the search so a
 * reload shows it too. Registered with the domain's `onStonesChanged` by the app.
 */
export function markFoundStones(stoneIds: ReadonlySet<string>, change: StoneChange): void {
  const search = getStoneSearch();
  const found = search?.resultPageData?.foundProducts;
  if (!search?.resultPageData || !found) return;
  const changed = changeStones(found, stoneIds, change);
  if (changed === found) return;
  setStoneSearch({ ...search, resultPageData: { ...search.resultPageData, foundProducts: [...changed] } });
}

export function clearStoneSearch(): void {
  removeItem('session', STONE_SEARCH_KEY);
  notify();
}

/** A bid being prepared on a bidding screen; kept only while the customer stays on that page. */
export function getStoredBid<T>(): T | null {
  return readJson<T>('session', STORED_BID_KEY);
}

export function setStoredBid(bid: unknown): void {
  writeJson('session', STORED_BID_KEY, bid);
}

export function clearStoredBid(): void {
  removeItem('session', STORED_BID_KEY);
}

/**
 * Spec §2: navigating to another page clears the global stone id search state and the stored bid.
 * A search just started for `pathname` survives, since it was made for the page being opened.
 */
export function clearForNavigation(pathname: string): void {
  clearStoredBid();
  const search = getStoneSearch();
  if (search && search.forPath !== pathname) clearStoneSearch();
}

/** At start-up (a reload or a link opened): a search made for another page is stale. */
export function clearStaleSearch(pathname: string): void {
  const search = getStoneSearch();
  if (search && search.forPath !== pathname) clearStoneSearch();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useStoneSearch(): StoneSearchState | null {
  return useSyncExternalStore(subscribe, getStoneSearch, () => null);
}
