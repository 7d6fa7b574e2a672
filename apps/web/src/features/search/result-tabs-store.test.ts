import { beforeEach, describe, expect, it } from 'vitest';
import { NEW_SEARCH_TAB, paths, resultTab } from '../../config/paths';
import {
  closeAllResultTabs,
  closeResultTab,
  getSearchTabs,
  openSearchResult,
  reloadSearchTabs,
  SEARCH_TABS_KEY,
  tabLabel,
  updateResultTab,
} from './result-tabs-store';

describe('search result tabs', () => {
  // Storage is cleared after every test; the store's copy in memory goes with it.
  beforeEach(reloadSearchTabs);

  it('opens "Result N" tabs up to 10, then points back to the form with the limit flagged', () => {
    for (let n = 1; n <= 10; n += 1) {
      const opened = openSearchResult({ shape: ['BR'] });
      expect(opened).toEqual({
        opened: true,
        path: paths.search.href({ 'active-tab': resultTab(n) }),
        tabNumber: n,
      });
    }
    const refused = openSearchResult({ shape: ['PS'] });
    expect(refused.opened).toBe(false);
    expect(refused.path).toBe(paths.search.href({ 'active-tab': NEW_SEARCH_TAB }));
    expect(getSearchTabs().limitReached).toBe(true);
    expect(getSearchTabs().tabs).toHaveLength(10);
  });

  it('renumbers the remaining tabs when one closes, and closes all at once', () => {
    openSearchResult({ shape: ['BR'] });
    openSearchResult({ shape: ['PS'] }, 'Pears 1ct');
    openSearchResult({ shape: ['OV'] });
    const [first, second] = getSearchTabs().tabs;
    closeResultTab(first!.id);
    const tabs = getSearchTabs().tabs;
    expect(tabs.map((tab, index) => tabLabel(tab, index))).toEqual(['Pears 1ct', 'Result 2']);
    expect(tabs[0]!.id).toBe(second!.id);
    closeAllResultTabs();
    expect(getSearchTabs().tabs).toEqual([]);
  });

  it("keeps each tab's sort, page and selection in sessionStorage", () => {
    openSearchResult({ shape: ['BR'] });
    const [tab] = getSearchTabs().tabs;
    updateResultTab(tab!.id, { sort: { field: 'carats', direction: 'desc' }, page: 2, selection: ['s1'] });
    const stored = JSON.parse(window.sessionStorage.getItem(SEARCH_TABS_KEY)!);
    expect(stored.tabs[0]).toMatchObject({
      sort: { field: 'carats', direction: 'desc' },
      page: 2,
      selection: ['s1'],
    });
  });
});

describe('search result tabs across log-ins', () => {
  beforeEach(reloadSearchTabs);

  it('belong to the session that opened them', () => {
    window.localStorage.setItem('loupe.token', 'token-of-anita');
    openSearchResult({ shape: ['BR'] });
    expect(getSearchTabs().tabs).toHaveLength(1);
    window.localStorage.setItem('loupe.token', 'token-of-pieter');
    expect(getSearchTabs().tabs).toEqual([]);
    expect(window.sessionStorage.getItem(SEARCH_TABS_KEY)).not.toContain('token-of');
  });
});
