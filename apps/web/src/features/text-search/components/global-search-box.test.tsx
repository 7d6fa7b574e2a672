import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { buildCustomer } from '../../../test/customer-fixture';
import { GlobalSearchBox } from './global-search-box';

function CurrentUrl() {
  const location = useLocation();
  return <output aria-label="Current URL">{`${location.pathname}${location.search}`}</output>;
}

function renderBox(customer = buildCustomer(), path = paths.myCart.href({ path: 'active' })) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
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
      </MemoryRouter>
    </QueryClientProvider>,
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

  it('lets the customer pick an available scope', () => {
    renderBox();
    fireEvent.click(screen.getByRole('button', { name: 'Bid to Buy' }));
    expect(screen.getByRole('button', { name: 'Bid to Buy' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Stock Search' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('joins a pasted column of ids with commas instead of gluing the lines together', () => {
    renderBox();
    const box = screen.getByRole('textbox', { name: 'Search by stone id or certificate number' });
    fireEvent.change(box, { target: { value: 'LD1, ' } });
    fireEvent.paste(box, { clipboardData: { getData: () => 'LD2\r\nLD3\n\nLD2\n' } });
    expect((box as HTMLInputElement).value).toBe('LD1, LD2, LD3');
  });

  it('does nothing on Enter without keywords', () => {
    renderBox();
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(screen.getByLabelText('Current URL').textContent).toBe(paths.myCart.href({ path: 'active' }));
  });
});
