import { describe, expect, it } from 'vitest';
import { isDashboardPath, sourcePageFor } from './source-page';

describe('sourcePageFor: the ?path= a stone id search reports', () => {
  it('names the dashboard at / and /v2', () => {
    expect(sourcePageFor('/')).toBe('dashboard');
    expect(sourcePageFor('/v2')).toBe('dashboard');
    expect(sourcePageFor('/v2/')).toBe('dashboard');
  });

  it('uses the fixed names of spec §2', () => {
    expect(sourcePageFor('/v2/bid-2-buy', '?path=bidStone')).toBe('bid_to_buy');
    expect(sourcePageFor('/v2/layout')).toBe('layout');
    expect(sourcePageFor('/v2/layout/view-detail')).toBe('layout');
    expect(sourcePageFor('/v2/saved-searches')).toBe('saved_search');
  });

  it('tells a search result tab from the search form', () => {
    expect(sourcePageFor('/v2/search', '?active-tab=result-3')).toBe('search_result_page');
    expect(sourcePageFor('/v2/search', '?active-tab=new-search')).toBe('search');
    expect(sourcePageFor('/v2/search', '?active-tab=saved-search')).toBe('search');
  });

  it('tells a matching pair result tab from the matching pair list', () => {
    expect(sourcePageFor('/v2/matching-pair', '?active-tab=result-1')).toBe('match_result_page');
    expect(sourcePageFor('/v2/matching-pair')).toBe('match_pair');
  });

  it('turns other paths after /v2 into snake case', () => {
    expect(sourcePageFor('/v2/new-arrivals')).toBe('new_arrivals');
    expect(sourcePageFor('/v2/my-cart', '?path=active')).toBe('my_cart');
    expect(sourcePageFor('/v2/my-orders')).toBe('my_orders');
    expect(sourcePageFor('/v2/stock-search')).toBe('stock_search');
    expect(sourcePageFor('/privacy-policy')).toBe('privacy_policy');
  });
});

describe('isDashboardPath', () => {
  it('is true only for the dashboard routes', () => {
    expect(isDashboardPath('/')).toBe(true);
    expect(isDashboardPath('/v2')).toBe(true);
    expect(isDashboardPath('/v2/new-arrivals')).toBe(false);
  });
});
