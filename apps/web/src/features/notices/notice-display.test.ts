import { NOTICE_TARGETS, targetPageHref } from '@loupe/contract/notices';
import { describe, expect, it } from 'vitest';
import { badgeText, noticeAge, noticeIcon } from './notice-display';

describe('notice target pages (spec §3 "page:subtab")', () => {
  it('maps every prefix with its sub-tab to its screen and tab', () => {
    expect(targetPageHref('my-cart:hold')).toBe('/v2/my-cart?path=hold');
    expect(targetPageHref('my-cart:sold')).toBe('/v2/my-cart?path=sold');
    expect(targetPageHref('your-orders:activeInvoices')).toBe('/v2/my-orders?path=activeInvoices');
    expect(targetPageHref('my-orders:invoicesHistory')).toBe('/v2/my-orders?path=invoicesHistory');
    expect(targetPageHref('bid-to-buy:activeBid')).toBe('/v2/bid-2-buy?path=activeBid');
    expect(targetPageHref('new-arrival:bidHistory')).toBe('/v2/new-arrivals?path=bidHistory');
    expect(targetPageHref('appointment:pastAppointments')).toBe('/v2/my-appointments?path=pastAppointments');
    expect(targetPageHref('my-account:notification-preferences')).toBe(
      '/v2/my-account?path=notification-preferences',
    );
    expect(targetPageHref('search:result-3')).toBe('/v2/search?active-tab=result-3');
    expect(targetPageHref('search:saved-search')).toBe('/v2/search?active-tab=saved-search');
  });

  it('opens a screen on its default tab for a prefix alone, and the dashboard for home', () => {
    expect(targetPageHref('home')).toBe('/v2');
    expect(targetPageHref('dashboard')).toBe('/v2');
    expect(targetPageHref('appointment')).toBe('/v2/my-appointments');
    expect(targetPageHref('my-cart:')).toBe('/v2/my-cart');
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
