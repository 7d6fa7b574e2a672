import type { Stone } from '@loupe/contract/stones';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { columnPreferenceKeys } from '../../../domain/stones/grid/grid-api';
import { buildCustomer } from '../../../test/customer-fixture';
import { buildStone } from '../../../test/stone-fixture';
import { BID_COLUMNS } from './bid-columns';
import { BiddingBoard, type BiddingBoardProps } from './bidding-board';

const open: Stone[] = [
  Object.assign(buildStone({ id: 's1', lot_id: 'LD101', discount: -30 }), { current_max_bid: null }),
  Object.assign(buildStone({ id: 's2', lot_id: 'LD102', discount: -20 }), { current_max_bid: -19 }),
];
const history: Stone[] = [
  Object.assign(buildStone({ id: 'h1', lot_id: 'LD201' }), { is_win: true, my_current_bid: -10 }),
  Object.assign(buildStone({ id: 'h2', lot_id: 'LD202' }), { is_win: false, my_current_bid: -12 }),
];

function renderBoard(path: string, props: Partial<BiddingBoardProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(columnPreferenceKeys.mine(), []);
  const tab = (rows: Stone[]) => ({
    rows,
    count: rows.length,
    loading: false,
    empty: 'Nothing here.',
    columns: [BID_COLUMNS.asking, BID_COLUMNS.max],
    fileName: 'new_arrivals.xlsx',
    bidSheet: 'new_arrival_bid' as const,
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/v2/new-arrivals?path=${path}`]}>
        <BiddingBoard
          customer={buildCustomer()}
          title="New arrivals"
          source="new-arrivals"
          trackingPage="new_arrivals"
          canBid
          placeBid={vi.fn(async () => undefined)}
          refusalText={() => 'refused'}
          tabs={{ bidStone: tab(open), activeBid: tab([]), bidHistory: tab(history) }}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = (lot: string) => screen.getByRole('link', { name: lot }).closest('tr')!;

/** A row's cell under the column with this title (the header's tooltip, unique where headers repeat). */
function cellOf(lot: string, title: string) {
  const headers = [...screen.getByRole('table').querySelectorAll('thead th')];
  const at = headers.findIndex((th) => th.getAttribute('title') === title);
  if (at < 0) throw new Error(`no column titled ${title}`);
  return rowOf(lot).querySelectorAll('td')[at]!;
}

function totalsBar() {
  const bar = screen.getByLabelText('Totals');
  return [...bar.querySelectorAll('div')].map((pair) => [
    pair.querySelector('dt')!.textContent,
    pair.querySelector('dd')!.textContent,
  ]);
}

describe('BiddingBoard (domain-facts §2.2, §4)', () => {
  // jsdom lays nothing out: give the grid's scroll box a screenful, so its rows stay rendered.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });

  it('opens the bid panel in the row right under the one selected stone and bids from there', async () => {
    const placeBid = vi.fn(async () => undefined);
    renderBoard('bidStone', { placeBid });
    expect(screen.queryByRole('region', { name: /^Bid on/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD101' }));
    const panel = screen.getByRole('region', { name: 'Bid on LD101' });
    // The panel's row follows the selected stone's row directly.
    expect(rowOf('LD101').nextElementSibling?.contains(panel)).toBe(true);
    expect((within(panel).getByLabelText('Your bid (Disc %)') as HTMLInputElement).value).toBe('-29.75');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add Bid' }));
    expect(placeBid).toHaveBeenCalledWith('s1', -29.75);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Your bid of -29.75% on LD101 is placed.',
    );
    // A second selected stone closes the panel: it bids on exactly one stone.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD101' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD102' }));
    expect(screen.queryByRole('region', { name: /^Bid on/ })).toBeNull();
  });

  it('never opens the panel for a customer who may not bid', () => {
    renderBoard('bidStone', { canBid: false });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD101' }));
    expect(screen.queryByRole('region', { name: /^Bid on/ })).toBeNull();
  });

  it('colours Bid History rows green when won and red when lost, with the legend', () => {
    renderBoard('bidHistory');
    expect(rowOf('LD201').className).toContain('bid-won-row');
    expect(rowOf('LD202').className).toContain('bid-lost-row');
    expect(screen.getByText('Won', { selector: '.bid-legend .badge' })).toBeTruthy();
  });

  it('locks every price column of a bid tab for a customer who is not approved, the discounts too', () => {
    const locked = (stone: Stone) =>
      Object.assign(stone, {
        discount: null,
        original_discount: null,
        price_per_carat: null,
        rap: null,
        rap_value: null,
        amount: null,
      });
    const rows = [locked(buildStone({ id: 'l1', lot_id: 'LD301' }))];
    renderBoard('bidStone', {
      customer: buildCustomer({ kyc: { status: 'pending', banner_key: null } }),
      canBid: false,
      tabs: {
        bidStone: {
          rows,
          count: 1,
          loading: false,
          empty: 'Nothing here.',
          columns: [BID_COLUMNS.original, BID_COLUMNS.floor],
          fileName: 'bid_to_buy.xlsx',
          bidSheet: 'bid_to_buy',
        },
        activeBid: {
          rows: [],
          loading: false,
          empty: '',
          columns: [],
          fileName: 'x.xlsx',
          bidSheet: 'bid_to_buy',
        },
        bidHistory: {
          rows: [],
          loading: false,
          empty: '',
          columns: [],
          fileName: 'x.xlsx',
          bidSheet: 'bid_to_buy',
        },
      },
    });
    for (const title of [
      'The stone’s normal discount',
      'The event floor: bid above it',
      'Discount %',
      'Price per Carat',
      'Amount ($)',
    ]) {
      const cell = cellOf('LD301', title);
      expect(within(cell).getByRole('button', { name: 'Unlock' }), title).toBeTruthy();
      expect(cell.textContent, title).not.toContain('-');
    }
    // Unlock opens the sales team's contact, as on every other price cell.
    fireEvent.click(within(cellOf('LD301', 'The event floor: bid above it')).getByRole('button'));
    expect(screen.getByRole('dialog', { name: 'Contact Sales Team' })).toBeTruthy();
  });

  it('totals Active Bid at my bids, under "Total Avg. Max Dis"', () => {
    // Asking −37.25% and −20.00%, my bids −36.00% and −19.00%.
    const mine = [
      Object.assign(
        buildStone({
          id: 'a1',
          lot_id: 'LD401',
          rap: 10_000,
          carats: 1,
          rap_value: 10_000,
          discount: -37.25,
        }),
        { price_per_carat: 6275, amount: 6275, my_current_bid: -36, current_max_bid: -36 },
      ),
      Object.assign(
        buildStone({ id: 'a2', lot_id: 'LD402', rap: 5_000, carats: 2, rap_value: 10_000, discount: -20 }),
        { price_per_carat: 4000, amount: 8000, my_current_bid: -19, current_max_bid: -19 },
      ),
    ];
    const tab = (rows: Stone[]) => ({
      rows,
      count: rows.length,
      loading: false,
      empty: 'Nothing here.',
      columns: [BID_COLUMNS.mine, BID_COLUMNS.max],
      fileName: 'new_arrivals.xlsx',
      bidSheet: 'new_arrival_bid' as const,
    });
    renderBoard('activeBid', {
      tabs: { bidStone: tab(open), activeBid: tab(mine), bidHistory: tab(history) },
    });
    // At my bids: 6,400 + 8,100 = 14,500 of 20,000 list value, over 3 carats.
    expect(totalsBar()).toEqual([
      ['No. of Pieces', '0/2'],
      ['Total Carats', '3.00'],
      ['Total Avg. Max Dis', '−27.50%'],
      ['Avg. Pr/Ct', '$4,833.33'],
      ['Total Amount', '$14,500.00'],
    ]);
    // The selection counts alone, at my bid too.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select LD401' }));
    expect(totalsBar()[2]).toEqual(['Total Avg. Max Dis', '−36.00%']);
    // Other tabs keep the stock's label and the stones' own prices.
    fireEvent.click(screen.getByRole('tab', { name: /^Bid Stone/ }));
    expect(totalsBar()[2]![0]).toBe('Total Avg. Dis');
  });

  it('shows the lent filter form on Apply Filter and applies what it submits', () => {
    const onApply = vi.fn();
    renderBoard('bidStone', {
      filters: {
        applied: null,
        onApply,
        form: ({ onSubmit }) => (
          <button type="button" onClick={() => onSubmit({ shape: ['BR'] })}>
            Apply these filters
          </button>
        ),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply these filters' }));
    expect(onApply).toHaveBeenCalledWith({ shape: ['BR'] });
    expect(screen.getByRole('table', { name: 'New arrivals: Bid Stone' })).toBeTruthy();
  });
});
