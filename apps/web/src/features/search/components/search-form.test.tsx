import { addDemand, searchStones } from '@loupe/contract/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { buildCustomer } from '../../../test/customer-fixture';
import { fakeApi } from '../../../test/fake-api';
import { SearchForm } from './search-form';

/** The search API as the form sees it: a count per request, and add-demand. */
function stubApi(countFor: (filters: Record<string, unknown>) => number) {
  const api = fakeApi()
    .on(searchStones, ({ body }) => ({
      count: countFor((body as { filters: Record<string, unknown> }).filters),
      limit: 1,
      offset: 0,
      stones: [],
      facets: { shape: { BR: 412, PS: 37 } },
    }))
    .on(addDemand, { demand_id: 'd1' });
  return api.calls;
}

function renderForm(customer = buildCustomer(), onSubmit = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchForm customer={customer} initialFilters={null} onSubmit={onSubmit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSubmit;
}

const countLine = () => screen.getByRole('status', { name: 'Stones found' });
const searchButton = () => screen.getByRole('button', { name: 'Search' });

describe('search form', () => {
  it('counts once the buyer pauses, shows the tile counts, and searches with the filters', async () => {
    const calls = stubApi((filters) => (filters.shape ? 120 : 5000));
    const onSubmit = renderForm();
    await waitFor(() => expect(countLine().textContent).toContain('selection is more than 300 stones'));
    expect(searchButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Round 412' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Round 412' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pear 37' }));
    fireEvent.click(screen.getByRole('button', { name: '1ct' }));
    expect(countLine().textContent).toContain('Counting');
    await waitFor(() => expect(countLine().textContent).toBe('120 stones found'), { timeout: 3000 });
    // Three quick changes, one request (plus the first count of the empty form).
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({
      limit: 1,
      facets: true,
      filters: { shape: ['BR', 'PS'], carats: ['1.00-1.19', '1.20-1.49'] },
    });

    fireEvent.click(searchButton());
    expect(onSubmit).toHaveBeenCalledWith({ shape: ['BR', 'PS'], carats: ['1.00-1.19', '1.20-1.49'] }, 120);
  });

  it('offers Add Demand to an approved buyer when nothing matches, then thanks them', async () => {
    const calls = stubApi((filters) => (filters.shape ? 0 : 5000));
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Pear 37' }, { timeout: 3000 }));
    await waitFor(() => expect(countLine().textContent).toBe('No stones found'), { timeout: 3000 });
    fireEvent.click(screen.getByRole('button', { name: 'Add Demand' }));
    const thanks = await screen.findByRole('dialog', { name: 'Thank you for your demand' });
    expect(within(thanks).getByText(/Ananya Iyer will let you know/)).toBeTruthy();
    const demand = calls.find((call) => call.route === addDemand);
    expect(demand?.body).toEqual({ filters: { shape: ['PS'] } });
  });

  it('keeps Search for a buyer without approved KYC, disabled at 0 stones, and locks the price filters', async () => {
    stubApi((filters) => (filters.shape ? 0 : 5000));
    renderForm(buildCustomer({ kyc: { status: 'pending', banner_key: null } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pear 37' }, { timeout: 3000 }));
    await waitFor(() => expect(countLine().textContent).toBe('No stones found'), { timeout: 3000 });
    expect(screen.queryByRole('button', { name: 'Add Demand' })).toBeNull();
    expect(searchButton()).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Discount % From')).toHaveProperty('disabled', true);
  });

  it('an open range error stops the count and the search', async () => {
    const calls = stubApi(() => 42);
    renderForm();
    await waitFor(() => expect(countLine().textContent).toBe('42 stones found'));
    fireEvent.click(screen.getByRole('button', { name: /Parameters/ }));
    fireEvent.change(screen.getByLabelText('Crown Angle From'), { target: { value: '400' } });
    fireEvent.change(screen.getByLabelText('Crown Angle To'), { target: { value: '30' } });
    expect(screen.getByText('please enter a range between 0 to 360 only')).toBeTruthy();
    expect(countLine().textContent).toContain('Correct the highlighted ranges');
    expect(searchButton()).toHaveProperty('disabled', true);
    expect(calls).toHaveLength(1);
  });
});
