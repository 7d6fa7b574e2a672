import type { SideBarItem } from '@loupe/contract/portal';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NEW_SEARCH_TAB, paths } from '../../config/paths';
import { buildCustomer } from '../../test/customer-fixture';
import { KYC_REQUIRED_HINT, SideBar } from './side-bar';

/** The side bar config as the server gives it (GET /public/data/side_bar_config). */
const items: SideBarItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/v2', hidden: false },
  { key: 'new_arrivals', label: 'New Arrivals', path: '/v2/new-arrivals', hidden: false },
  { key: 'bid_to_buy', label: 'Bid to Buy', path: '/v2/bid-2-buy', hidden: false },
  { key: 'trade_show', label: 'Trade Show', path: '/v2/trade-show', hidden: false },
  { key: 'search', label: 'Search', path: '/v2/search?active-tab=new-search', hidden: false },
  { key: 'matching_pair', label: 'Matching Pair', path: '/v2/matching-pair', hidden: false },
  { key: 'layout', label: 'Layout', path: '/v2/layout', hidden: true },
  { key: 'bookmark', label: 'Bookmark', path: '/v2/saved-searches', hidden: false },
  { key: 'my_cart', label: 'My Cart', path: '/v2/my-cart?path=active', hidden: false },
  { key: 'your_orders', label: 'Your Orders', path: '/v2/my-orders?path=pendingInvoices', hidden: false },
  { key: 'my_appointments', label: 'My Appointments', path: '/v2/my-appointments', hidden: false },
  { key: 'faqs', label: 'FAQs', path: '/v2/faqs', hidden: false },
];

function renderSideBar(customer = buildCustomer(), path = paths.dashboard.href(), config = items) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SideBar customer={customer} items={config} />
    </MemoryRouter>,
  );
}

describe('side bar', () => {
  it('lists the entries in the order of the specification, linking to their screens', () => {
    renderSideBar();
    const names = screen.getAllByRole('link').map((link) => link.getAttribute('aria-label'));
    expect(names).toEqual([
      'Loupe home',
      'Dashboard',
      'New Arrivals',
      'Bid to Buy',
      'Search',
      'Matching Pair',
      'Bookmark',
      'My Cart',
      'Your Orders',
      'My Appointments',
      'FAQs',
    ]);
    expect(screen.getByRole('link', { name: 'My Cart' })).toHaveProperty('pathname', paths.myCart.pattern);
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe(
      paths.search.href({ 'active-tab': NEW_SEARCH_TAB }),
    );
    expect(screen.getByRole('link', { name: 'Your Orders' }).getAttribute('href')).toBe(
      paths.myOrders.href({ path: 'pendingInvoices' }),
    );
  });

  it('follows the config: its labels and order, hidden entries left out, nothing before it loads', () => {
    const config = items
      .filter((item) => item.key !== 'bookmark')
      .map((item) => (item.key === 'layout' ? { ...item, hidden: false } : item));
    renderSideBar(buildCustomer(), paths.dashboard.href(), config);
    const names = screen.getAllByRole('link').map((link) => link.getAttribute('aria-label'));
    expect(names).toContain('Layout');
    expect(names).not.toContain('Bookmark');
    expect(screen.getByRole('link', { name: 'Layout' }).getAttribute('href')).toBe(paths.layout.href());
    const empty = render(
      <MemoryRouter>
        <SideBar customer={buildCustomer()} items={undefined} />
      </MemoryRouter>,
    );
    expect(
      within(empty.container)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Loupe home']);
  });

  it('marks the current page', () => {
    renderSideBar(buildCustomer(), paths.dashboardV2.href());
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('disables My Appointments until KYC is approved', () => {
    renderSideBar(buildCustomer({ kyc: { status: 'pending', banner_key: 'online-under-review' } }));
    const appointments = screen.getByRole('link', { name: 'My Appointments' });
    expect(appointments.getAttribute('aria-disabled')).toBe('true');
    expect(appointments.getAttribute('href')).toBeNull();
    expect(appointments.getAttribute('title')).toBe(KYC_REQUIRED_HINT);
  });

  it('shows the pulsing dot while a bid-to-buy event runs', () => {
    renderSideBar();
    expect(screen.getByRole('img', { name: 'Bid to buy event running' })).toBeTruthy();
    renderSideBar(buildCustomer({ bid_to_buy: { starts_at: null, count: 0, endTime: null } }));
    expect(screen.getAllByRole('img', { name: 'Bid to buy event running' })).toHaveLength(1);
  });

  it('shows Trade Show with its flag only when the banner is on', () => {
    renderSideBar(
      buildCustomer({
        trade_show: {
          show_banner: true,
          id: 'show-1',
          name: 'JCK Las Vegas',
          web_image: { flag_image: '/images/flags/tr.svg' },
        },
      }),
    );
    expect(screen.getByRole('link', { name: 'Trade Show' }).getAttribute('href')).toBe(
      paths.tradeShow.href(),
    );
    expect(screen.getByAltText('Trade show flag').getAttribute('src')).toBe('/images/flags/tr.svg');
  });

  it('disables every entry during maintenance', () => {
    renderSideBar(buildCustomer({ maintenance_mode: { end_date: '2026-03-14T18:00:00Z' } }));
    for (const name of ['Dashboard', 'New Arrivals', 'Search', 'My Cart', 'FAQs']) {
      expect(screen.getByRole('link', { name }).getAttribute('aria-disabled')).toBe('true');
    }
  });
});
