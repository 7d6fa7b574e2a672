import type { Stone } from '@loupe/contract/stones';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { columnPreferenceKeys } from '../../domain/stones/grid/grid-api';
import { StoneGrid } from '../../domain/stones/grid/stone-grid';
import { buildCustomer } from '../../test/customer-fixture';
import { fakeApi } from '../../test/fake-api';
import { buildStone } from '../../test/stone-fixture';
import { buyingActions, detailBuyingActions } from './buying-actions';

function Harness({ stones }: { stones: Stone[] }) {
  const [selection, setSelection] = useState<string[]>([]);
  return (
    <StoneGrid
      label="Result 1"
      stones={stones}
      sort={null}
      onSortChange={() => {}}
      selectedIds={selection}
      onSelectionChange={setSelection}
      source="search"
      customer={buildCustomer()}
      trackingPage="search_result_page"
      {...buyingActions('Searching')}
    />
  );
}

function renderGrid(stones: Stone[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(columnPreferenceKeys.mine(), []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Harness stones={stones} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('[CART] grid footer and legend', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });

  it('colours the stock number of a stone in the cart and names it in the legend', () => {
    renderGrid([buildStone({ lot_id: 'LD-1', in_cart: true }), buildStone({ lot_id: 'LD-2' })]);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('In Cart')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Result 1' });
    expect(within(table).getByRole('link', { name: 'LD-1' }).closest('td')!.className).toContain(
      'lot-in-cart',
    );
    expect(within(table).getByRole('link', { name: 'LD-2' }).closest('td')!.className).not.toContain(
      'lot-in-cart',
    );
  });

  it('offers Add to Cart and Confirm Stone once stones are selected', () => {
    renderGrid([buildStone({ lot_id: 'LD-1' }), buildStone({ lot_id: 'LD-2' })]);
    const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    const confirm = screen.getByRole('button', { name: 'Confirm Stone' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD-1' }));
    expect(add.disabled).toBe(false);
    expect(confirm.disabled).toBe(false);
  });

  it('refuses more than 300 stones with a clear message and asks nothing of the server', () => {
    const error = vi.spyOn(toast, 'error');
    const api = fakeApi();
    renderGrid(Array.from({ length: 301 }, (_, i) => buildStone({ lot_id: `LD-${i}` })));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all stones' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(error).toHaveBeenCalledWith(
      'You can add at most 300 stones to your cart at a time; 301 are selected. Modify your selection.',
      expect.anything(),
    );
    expect(api.calls).toEqual([]);
  });

  it('offers Add to Cart and Confirm Stone under each compared stone', async () => {
    renderGrid([buildStone({ lot_id: 'LD-1' }), buildStone({ lot_id: 'LD-2' })]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all stones' }));
    fireEvent.click(screen.getByRole('button', { name: /Compare/ }));
    const compare = await screen.findByRole('dialog', { name: 'Compare Stones (2)' });
    expect(within(compare).getAllByRole('button', { name: 'Add to Cart' })).toHaveLength(2);
    const confirms = within(compare).getAllByRole('button', { name: 'Confirm Stone' }) as HTMLButtonElement[];
    expect(confirms.map((button) => button.disabled)).toEqual([false, false]);
  });
});

describe("[STONE] a sold stone's page", () => {
  function renderDetailActions(stones: Stone[]) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{detailBuyingActions(stones, 'search')}</MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('offers neither Add to Cart nor Confirm Stone, and says the stone is sold', () => {
    renderDetailActions([buildStone({ diamond_status: 'Sold' })]);
    expect(screen.getByRole('status').textContent).toBe('This stone is sold.');
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  });

  it('offers both for an available stone', () => {
    renderDetailActions([buildStone({ diamond_status: 'Available' })]);
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Confirm/ })).toBeTruthy();
  });
});
