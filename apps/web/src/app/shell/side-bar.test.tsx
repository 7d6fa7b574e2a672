import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NEW_SEARCH_TAB, paths } from '../../config/paths';
import { buildCustomer } from '../../test/customer-fixture';
import { KYC_REQUIRED_HINT, SideBar } from './side-bar';

function renderSideBar(customer = buildCustomer(), path = paths.dashboard.href()) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SideBar customer={customer} />
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
      buildCustomer({ trade_show: { show_banner: true, web_image: { flag_image: '/images/flags/tr.svg' } } }),
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
