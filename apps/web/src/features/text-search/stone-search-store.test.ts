import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import {
  clearForNavigation,
  getStoneSearch,
  getStoredBid,
  setStoneSearch,
  setStoredBid,
} from './stone-search-store';

const search = {
  keywords: 'LD-10231',
  scope: 'normal' as const,
  sourcePage: 'dashboard',
  forPath: paths.stockSearch.pattern,
};

describe('navigation clears the stone search state and the stored bid', () => {
  it('keeps a search on the results page it was made for', () => {
    setStoneSearch(search);
    setStoredBid({ product_id: 'p1', bid_value: -12 });
    clearForNavigation(paths.stockSearch.pattern);
    expect(getStoneSearch()).toEqual(search);
    expect(getStoredBid()).toBeNull();
  });

  it('clears the search when the customer goes anywhere else', () => {
    setStoneSearch(search);
    clearForNavigation(paths.myCart.pattern);
    expect(getStoneSearch()).toBeNull();
  });
});

describe('a text search result survives a reload of its results page', () => {
  it('keeps the answer with the search', () => {
    const withResult = {
      ...search,
      isResultPage: true,
      resultPageData: { foundKeywords: ['LD-10231'], foundProducts: [], notFoundKeywords: ['LD-404'] },
      textSearchReportId: 'r1',
      isNewArrival: false,
    };
    setStoneSearch(withResult);
    clearForNavigation(paths.stockSearch.pattern);
    expect(getStoneSearch()).toEqual(withResult);
  });
});
