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
