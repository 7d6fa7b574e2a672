import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { useSyncExternalStore } from 'react';
import { NEW_SEARCH_TAB, paths, resultTab } from '../../config/paths';
import type { SortState } from '../../domain/stones/sort-stones';
import { sessionFingerprint } from '../../lib/auth-token';
import { readJson, writeJson } from '../../lib/storage';

/**
 * The search screen's result tabs (domain-facts §1.5): each search opens "Result N", at most 10
 * are open, and each keeps its own filters, sort, page and selection. Kept in sessionStorage so
 * a reload of the tab keeps them while a new browser tab starts clean.
 *
 * Other screens open a result with `openSearchResult(filters, name)` and navigate to the path it
 * answers (at the limit that is the search form, which then offers to manage the tabs).
 */

export interface ResultTab {
  /** Stable across renumbering; React keys and cache entries use it. */
  id: string;
  /** A saved search's name; null shows "Result N". */
  name: string | null;
  filters: StoneFiltersInput;
  sort: SortState | null;
  /** 0-based page of the grid. */
  page: number;
  /** Selected stone ids. */
  selection: string[];
  /** The buyer is changing this result's filters (Modify). */
  editing: boolean;
}

/** A saved search being edited in the form (its Save updates it instead of creating one). */
export interface SavedSearchEdit {
  id: string;
  name: string;
  filters: StoneFiltersInput;
}

export interface SearchTabsState {
  tabs: ResultTab[];
  /** The new-search form, so a reload or a trip to a result keeps what was chosen. */
  draft: StoneFiltersInput | null;
  savedSearchEdit: SavedSearchEdit | null;
  /** Set when a result could not open because 10 are open; the search form then says so. */
  limitReached: boolean;
}

export const SEARCH_TABS_KEY = 'loupe.searchTabs';
export const MAX_RESULT_TABS = STOCK_LIMITS.maxResultTabs;

const EMPTY: SearchTabsState = { tabs: [], draft: null, savedSearchEdit: null, limitReached: false };
const listeners = new Set<() => void>();
// The state in memory, read from storage once; writes go to both, so a browser that refuses
// storage still gets working tabs for as long as the page lives.
let current: SearchTabsState | null = null;
let currentSession: string | null = null;

export { sessionFingerprint };

function notify() {
  for (const listener of listeners) listener();
}

function readStored(session: string): SearchTabsState {
  const stored = readJson<Partial<SearchTabsState> & { session?: string }>('session', SEARCH_TABS_KEY);
  if (stored?.session !== session) return EMPTY;
  return {
    tabs: Array.isArray(stored?.tabs) ? stored.tabs.slice(0, MAX_RESULT_TABS) : [],
    draft: stored?.draft ?? null,
    savedSearchEdit: stored?.savedSearchEdit ?? null,
    limitReached: stored?.limitReached === true,
  };
}

export function getSearchTabs(): SearchTabsState {
  const session = sessionFingerprint();
  if (current === null || session !== currentSession) {
    current = readStored(session);
    currentSession = session;
  }
  return current;
}

function update(change: (state: SearchTabsState) => SearchTabsState) {
  current = change(getSearchTabs());
  writeJson('session', SEARCH_TABS_KEY, { ...current, session: currentSession });
  notify();
}

/** Forgets the copy in memory (tests, and a log-out that clears storage). */
export function reloadSearchTabs(): void {
  current = null;
  notify();
}

let idCounter = 0;
function newTabId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${idCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

export function tabLabel(tab: ResultTab, index: number): string {
  return tab.name ?? `Result ${index + 1}`;
}

/**
 * Opens a new result tab for these filters. Answers where to go: the new tab, or (with 10 tabs
 * open) the search form, which shows "Maximum Tabs Reached".
 */
export function openSearchResult(
  filters: StoneFiltersInput,
  name?: string | null,
): { opened: boolean; path: string; tabNumber: number | null } {
  const { tabs } = getSearchTabs();
  if (tabs.length >= MAX_RESULT_TABS) {
    update((state) => ({ ...state, limitReached: true }));
    return { opened: false, path: paths.search.href({ 'active-tab': NEW_SEARCH_TAB }), tabNumber: null };
  }
  const tab: ResultTab = {
    id: newTabId(),
    name: name?.trim() || null,
    filters,
    sort: null,
    page: 0,
    selection: [],
    editing: false,
  };
  update((state) => ({ ...state, tabs: [...state.tabs, tab], limitReached: false }));
  const tabNumber = tabs.length + 1;
  return { opened: true, path: paths.search.href({ 'active-tab': resultTab(tabNumber) }), tabNumber };
}

export function updateResultTab(id: string, patch: Partial<Omit<ResultTab, 'id'>>): void {
  update((state) => ({
    ...state,
    tabs: state.tabs.map((tab) => (tab.id === id ? { ...tab, ...patch } : tab)),
  }));
}

/** Closes one tab; the ones after it move up a number. */
export function closeResultTab(id: string): void {
  update((state) => ({ ...state, tabs: state.tabs.filter((tab) => tab.id !== id) }));
}

export function closeAllResultTabs(): void {
  update((state) => ({ ...state, tabs: [] }));
}

export function dismissTabLimit(): void {
  update((state) => ({ ...state, limitReached: false }));
}

export function setSearchDraft(draft: StoneFiltersInput | null): void {
  update((state) => ({ ...state, draft }));
}

/** Opens a saved search in the form for editing; navigate to `?active-tab=new-search` after. */
export function editSavedSearch(edit: SavedSearchEdit): void {
  update((state) => ({ ...state, savedSearchEdit: edit, draft: edit.filters }));
}

export function endSavedSearchEdit(): void {
  update((state) => ({ ...state, savedSearchEdit: null }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSearchTabs(): SearchTabsState {
  return useSyncExternalStore(subscribe, getSearchTabs, () => EMPTY);
}
