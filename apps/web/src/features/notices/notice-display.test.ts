import { NOTICE_TARGETS, targetPageHref } from '@loupe/contract/notices';
import { describe, expect, it } from 'vitest';
import { paths, resultTab, SAVED_SEARCH_TAB } from '../../config/paths';
import { badgeText, noticeAge, noticeIcon } from './notice-display';

describe('notice target pages (spec §3 "page:subtab")', () => {
  it('maps every prefix with its sub-tab to its screen and tab', () => {
    expect(targetPageHref('my-cart:hold')).toBe(paths.myCart.href({ path: 'hold' }));
    expect(targetPageHref('my-cart:sold')).toBe(paths.myCart.href({ path: 'sold' }));
    expect(targetPageHref('your-orders:activeInvoices')).toBe(
      paths.myOrders.href({ path: 'activeInvoices' }),
    );
    expect(targetPageHref('my-orders:invoicesHistory')).toBe(
      paths.myOrders.href({ path: 'invoicesHistory' }),
    );
    expect(targetPageHref('bid-to-buy:activeBid')).toBe(paths.bidToBuy.href({ path: 'activeBid' }));
    expect(targetPageHref('new-arrival:bidHistory')).toBe(paths.newArrivals.href({ path: 'bidHistory' }));
    expect(targetPageHref('appointment:pastAppointments')).toBe(
      paths.myAppointments.href({ path: 'pastAppointments' }),
    );
    expect(targetPageHref('my-account:notification-preferences')).toBe(
      paths.myAccount.href({ path: 'notification-preferences' }),
    );
    expect(targetPageHref('search:result-3')).toBe(paths.search.href({ 'active-tab': resultTab(3) }));
    expect(targetPageHref('search:saved-search')).toBe(paths.search.href({ 'active-tab': SAVED_SEARCH_TAB }));
  });

  it('opens a screen on its default tab for a prefix alone, and the dashboard for home', () => {
    expect(targetPageHref('home')).toBe(paths.dashboardV2.href());
    expect(targetPageHref('dashboard')).toBe(paths.dashboardV2.href());
    expect(targetPageHref('appointment')).toBe(paths.myAppointments.href());
    expect(targetPageHref('my-cart:')).toBe(paths.myCart.href());
    for (const prefix of Object.keys(NOTICE_TARGETS)) expect(targetPageHref(prefix)).not.toBeNull();
  });

  it('knows nothing of unknown pages, tabs or extra parts', () => {
    for (const target of [null, '', 'wishlist', 'my-cart:basket', 'home:hold', 'search:result-0', 'a:b:c']) {
      expect(targetPageHref(target)).toBeNull();
    }
  });
});

describe('notice display', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says how old a notice is', () => {
    expect(noticeAge('2026-11-22T11:59:40Z', now)).toBe('Just now');
    expect(noticeAge('2026-11-22T11:45:00Z', now)).toBe('15 min ago');
    expect(noticeAge('2026-11-22T09:00:00Z', now)).toBe('3 h ago');
    expect(noticeAge('2026-11-21T10:00:00Z', now)).toBe('Yesterday');
    expect(noticeAge('2026-11-18T12:00:00Z', now)).toBe('4 days ago');
    expect(noticeAge('2026-10-02T12:00:00Z', now)).toBe('2 Oct 2026');
  });

  it('picks the icon of the area a notice leads to', () => {
    expect(noticeIcon('my-cart:hold')).toBe('cart');
    expect(noticeIcon('your-orders:activeInvoices')).toBe('orders');
    expect(noticeIcon('bid-to-buy:activeBid')).toBe('gavel');
    expect(noticeIcon(null)).toBe('bell');
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(140)).toBe('99+');
  });
});
