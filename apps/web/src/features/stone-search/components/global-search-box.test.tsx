import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getStoneSearch } from '../../../lib/stone-search-store';
import { buildCustomer } from '../../../test/customer-fixture';
import { GlobalSearchBox } from './global-search-box';

function CurrentUrl() {
  const location = useLocation();
  return <output aria-label="Current URL">{`${location.pathname}${location.search}`}</output>;
}

function renderBox(customer = buildCustomer(), path = '/v2/my-cart?path=active') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <GlobalSearchBox customer={customer} width={430} />
              <CurrentUrl />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('global stone search', () => {
  it('disables the scopes that have no stones', () => {
    renderBox(
      buildCustomer({ new_arrivals_count: 0, bid_to_buy: { starts_at: null, count: 0, endTime: null } }),
    );
    expect(screen.getByRole('button', { name: 'Stock Search' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'New Arrivals' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Bid to Buy' })).toHaveProperty('disabled', true);
  });

  it('opens the results for the chosen scope on Enter, naming the page it came from', () => {
    renderBox();
    fireEvent.click(screen.getByRole('button', { name: 'Bid to Buy' }));
    expect(screen.getByRole('button', { name: 'Bid to Buy' }).getAttribute('aria-pressed')).toBe('true');
    const box = screen.getByRole('searchbox', { name: 'Search by stone id or certificate number' });
    fireEvent.change(box, { target: { value: ' LD-10231, 2141438171 ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByLabelText('Current URL').textContent).toBe('/v2/stock-search?path=my_cart');
    expect(getStoneSearch()).toMatchObject({
      keywords: 'LD-10231, 2141438171',
      scope: 'BidToBuy',
      sourcePage: 'my_cart',
    });
  });

  it('does nothing on Enter without keywords', () => {
    renderBox();
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' });
    expect(screen.getByLabelText('Current URL').textContent).toBe('/v2/my-cart?path=active');
  });
});
