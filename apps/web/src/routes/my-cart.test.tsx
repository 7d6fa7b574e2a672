import { type CartItem, type CartTab, getCart, type Reservation } from '@loupe/contract/cart';
import { findSimilarStones } from '@loupe/contract/matching-pairs';
import type { Stone } from '@loupe/contract/stones';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentCustomerContext } from '../domain/customer/current-customer';
import { columnPreferenceKeys } from '../domain/stones/grid/grid-api';
import { formatDateTime } from '../lib/format';
import { buildCustomer } from '../test/customer-fixture';
import { fakeApi } from '../test/fake-api';
import { buildStone } from '../test/stone-fixture';
import { MyCartRoute } from './my-cart';

const UNTIL = '2026-11-30T12:58:00.000Z';

const STATUS: Record<CartTab, Stone['diamond_status']> = {
  active: 'Available',
  memo: 'Memo',
  hold: 'Hold',
  sold: 'Sold',
};

function item(tab: CartTab, stone: Stone, reservation: Reservation | null = null): CartItem {
  return {
    id: `item-${stone.id}`,
    added_at: '2026-11-20T10:00:00.000Z',
    tab,
    product: stone,
    reservation,
    can_confirm: tab === 'active' || reservation?.for_you === true,
  };
}

/** The cart with the given tab's items; the other tabs' counts say one stone each. */
function serveCart(tab: CartTab, items: CartItem[]) {
  const api = fakeApi().on(getCart, {
    items,
    count: items.length,
    counts: { active: 1, memo: 1, hold: 1, sold: 1, [tab]: items.length },
    totals: null,
    page: 1,
    limit: 100,
  });
  return api;
}

function renderCart(tab: CartTab) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(columnPreferenceKeys.mine(), []);
  return render(
    <QueryClientProvider client={client}>
      <CurrentCustomerContext value={buildCustomer()}>
        <MemoryRouter initialEntries={[`/v2/my-cart?path=${tab}`]}>
          <MyCartRoute />
        </MemoryRouter>
      </CurrentCustomerContext>
    </QueryClientProvider>,
  );
}

const footerButtons = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.closest('.selection-actions'))
    .map((button) => button.textContent?.trim());

describe('[CART] the actions of each tab (domain-facts §5)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });

  it('Active: Delete, Confirm Stone and Book Appointment; no View Similar', async () => {
    const stone = buildStone({ lot_id: 'LD-ACT' });
    serveCart('active', [item('active', stone)]);
    renderCart('active');
    await screen.findByRole('link', { name: 'LD-ACT' });
    expect(footerButtons()).toEqual(['Delete', 'Confirm Stone', 'Book Appointment']);
  });

  it.each([
    ['memo', { kind: 'memo', for_you: true, until: null }],
    ['hold', { kind: 'hold', for_you: true, until: UNTIL }],
    ['sold', null],
  ] as const)(
    '%s: no Book Appointment (appointments refuse such stones), and View Similar',
    async (tab, reservation) => {
      const stone = buildStone({ lot_id: `LD-${tab}`, diamond_status: STATUS[tab] });
      serveCart(tab, [item(tab, stone, reservation)]);
      renderCart(tab);
      await screen.findByRole('link', { name: `LD-${tab}` });
      const expected =
        tab === 'sold' ? ['Delete', 'View Similar'] : ['Delete', 'Confirm Stone', 'View Similar'];
      expect(footerButtons()).toEqual(expected);
      expect(screen.queryByRole('button', { name: 'Book Appointment' })).toBeNull();
    },
  );

  it('View Similar wants one selected stone and shows the stones similar to it', async () => {
    const held = buildStone({ lot_id: 'LD-HELD', diamond_status: 'Hold' });
    const other = buildStone({ lot_id: 'LD-OTHER', diamond_status: 'Hold' });
    const near = buildStone({ lot_id: 'LD-NEAR' });
    const reservation = { kind: 'hold', for_you: false, until: UNTIL } as const;
    const api = serveCart('hold', [item('hold', held, reservation), item('hold', other, reservation)]);
    api.on(findSimilarStones, { products: [near] });
    renderCart('hold');
    const table = await screen.findByRole('table', { name: 'Hold stones' });
    await within(table).findByRole('link', { name: 'LD-HELD' });

    const similar = screen.getByRole('button', { name: 'View Similar' }) as HTMLButtonElement;
    expect(similar.disabled).toBe(true);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select LD-HELD' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select LD-OTHER' }));
    expect(similar.disabled).toBe(true);
    expect(similar.title).toBe('Select one stone to see stones similar to it');
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select LD-OTHER' }));
    expect(similar.disabled).toBe(false);

    fireEvent.click(similar);
    const dialog = await screen.findByRole('dialog', { name: 'Similar Stones to LD-HELD' });
    expect(await within(dialog).findByRole('link', { name: 'LD-NEAR' })).toBeTruthy();
    expect(api.callsTo(findSimilarStones)[0]?.query).toMatchObject({ product_id: held.id });
    // Each similar stone can go to the cart from there.
    expect(within(dialog).getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });
});

describe('[CART] the Reserved column', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });

  it('shows for whom and until when in a form that fits, and the whole sentence as its title', async () => {
    const theirs = buildStone({ lot_id: 'LD-THEIRS', diamond_status: 'Hold' });
    serveCart('hold', [item('hold', theirs, { kind: 'hold', for_you: false, until: UNTIL })]);
    renderCart('hold');
    const table = await screen.findByRole('table', { name: 'Hold stones' });
    const until = formatDateTime(UNTIL);
    const cell = await within(table).findByText(`Another buyer · ${until}`);
    expect(cell.getAttribute('title')).toBe(`On hold for another buyer until ${until}`);
  });
});
