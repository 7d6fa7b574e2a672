import { describe, expect, it } from 'vitest';
import { detailSourceOf } from './found-stones';
import { sourcePageLabel } from './stock-search-results';

describe('the results page names where the search came from', () => {
  it('says the source page in words', () => {
    expect(sourcePageLabel('dashboard')).toBe('Dashboard');
    expect(sourcePageLabel('search_result_page')).toBe('Search results');
    expect(sourcePageLabel('my_cart')).toBe('My Cart');
    expect(sourcePageLabel('my_account')).toBe('My Account');
  });

  it('opens found stones on the detail page with the source the scope implies', () => {
    expect(detailSourceOf({ scope: 'NewArrivals', sourcePage: 'dashboard' })).toBe('new-arrivals');
    expect(detailSourceOf({ scope: 'BidToBuy', sourcePage: 'my_cart' })).toBe('bid-2-buy');
    expect(detailSourceOf({ scope: 'normal', sourcePage: 'dashboard' })).toBe('dash-board');
    expect(detailSourceOf({ scope: 'normal', sourcePage: 'my_cart' })).toBe('search');
  });
});
