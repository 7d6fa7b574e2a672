import { CART_TABS as CONTRACT_CART_TABS } from '@loupe/contract/cart';
import { NOTICE_TARGETS } from '@loupe/contract/notices';
import { ORDER_TABS as CONTRACT_ORDER_TABS } from '@loupe/contract/orders';
import { describe, expect, it } from 'vitest';
import {
  CART_TABS,
  isDashboardPath,
  ORDER_TABS,
  paths,
  resultTab,
  resultTabNumber,
  sourcePageFor,
} from './paths';

// The one test file that spells screen addresses out: it holds the registry to spec §2.
describe('the path registry', () => {
  it('gives every screen of spec §2 its address', () => {
    expect(paths.dashboard.href()).toBe('/');
    expect(paths.dashboardV2.href()).toBe('/v2');
    expect(paths.search.href({ 'active-tab': 'new-search' })).toBe('/v2/search?active-tab=new-search');
    expect(paths.search.href({ 'active-tab': resultTab(3) })).toBe('/v2/search?active-tab=result-3');
    expect(paths.myCart.href({ path: 'hold' })).toBe('/v2/my-cart?path=hold');
    expect(paths.myOrders.href({ path: 'pendingInvoices', order: 'abc' })).toBe(
      '/v2/my-orders?path=pendingInvoices&order=abc',
    );
    expect(paths.myAccount.href({ path: 'notification-preferences' })).toBe(
      '/v2/my-account?path=notification-preferences',
    );
    expect(paths.bidToBuy.href({ path: 'bidHistory' })).toBe('/v2/bid-2-buy?path=bidHistory');
    expect(paths.matchingPair.href({ 'active-tab': resultTab(1) })).toBe(
      '/v2/matching-pair?active-tab=result-1',
    );
    expect(paths.stockSearch.href({ path: 'my_cart' })).toBe('/v2/stock-search?path=my_cart');
    expect(paths.layoutViewDetail.href()).toBe('/v2/layout/view-detail');
    expect(paths.privacyPolicy.href()).toBe('/privacy-policy');
    expect(paths.site.ourStory.href()).toBe('/v3/about-us/our-story');
  });

  it('leaves out empty search parameters', () => {
    expect(paths.myOrders.href({ path: 'activeInvoices', order: undefined, since: '' })).toBe(
      '/v2/my-orders?path=activeInvoices',
    );
  });

  it('knows every screen a notice can lead to', () => {
    const patterns = new Set<string>(
      Object.values(paths).flatMap((entry) =>
        'pattern' in entry ? [entry.pattern] : Object.values(entry).map((site) => site.pattern),
      ),
    );
    for (const target of Object.values(NOTICE_TARGETS)) expect(patterns).toContain(target.route);
  });

  it("names the cart's and the orders' tabs as the contract does", () => {
    expect(CART_TABS).toEqual(CONTRACT_CART_TABS);
    expect(ORDER_TABS).toEqual(CONTRACT_ORDER_TABS);
  });

  it('reads result tab numbers', () => {
    expect(resultTabNumber('result-12')).toBe(12);
    expect(resultTabNumber('new-search')).toBeNull();
    expect(resultTabNumber(null)).toBeNull();
  });
});

describe('stone detail links', () => {
  it('names the source and each stone with its location', () => {
    expect(paths.detailPage.forStones('search', [{ lot_id: 'LD100231', location: 'BEL' }])).toBe(
      '/v2/detail-page?path=search&stoneid=LD100231-BEL',
    );
    expect(
      paths.detailPage.forStones('matching-pair', [
        { lot_id: 'LD1', location: 'IND' },
        { lot_id: 'LD2', location: 'USA-BD' },
      ]),
    ).toBe('/v2/detail-page?path=matching-pair&stoneid=LD1-IND,LD2-USA-BD');
  });
});

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
