import {
  type BidStoneRow,
  type BidStones,
  type BidStonesChanged,
  bidStones,
  bidStonesChanged,
} from '@loupe/contract/bidding';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDiscount } from '../../../domain/stones/formats';
import { columnPreferenceKeys } from '../../../domain/stones/grid/grid-api';
import { setToken } from '../../../lib/auth-token';
import { buildCustomer } from '../../../test/customer-fixture';
import { fakeSocket as socket } from '../../../test/fake-socket';
import { buildStone } from '../../../test/stone-fixture';
import { NewArrivalBidding } from './new-arrival-bidding';

/**
 * The `/bidding` connection as the screen sees it: what the server sends is held to the
 * contract's schema of its event (as `fakeApi` holds REST answers), and what the screen emits is
 * recorded.
 */
vi.mock('../../../lib/realtime', async () => {
  const { fakeSocket } = await import('../../../test/fake-socket');
  return { realtimeSocket: () => fakeSocket };
});

const serverSends = {
  view: (view: BidStones) => act(() => socket.deliver('bid_stones', bidStones.parse(view))),
  news: (news: BidStonesChanged) =>
    act(() => socket.deliver('bid_stones_changed', bidStonesChanged.parse(news))),
};

const row = (lot: string, fields: Partial<BidStoneRow> = {}): BidStoneRow => ({
  ...buildStone({ lot_id: lot, discount: -30 }),
  current_max_bid: null,
  my_current_bid: null,
  last_bid_date: null,
  bid_count: 0,
  ...fields,
});

function renderNewArrivals() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(columnPreferenceKeys.mine(), []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/v2/new-arrivals?path=bidStone']}>
        <NewArrivalBidding customer={buildCustomer()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The Curr Max. Bid% cell of a stone's row. */
function maxBidOf(lot: string) {
  const headers = screen.getAllByRole('columnheader');
  const column = headers.findIndex((h) => h.textContent?.includes('Curr Max. Bid%'));
  const cells = within(screen.getByRole('link', { name: lot }).closest('tr')!).getAllByRole('cell');
  return cells[column]?.textContent;
}
const roundEnd = () => screen.getByTestId('bid-countdown').getAttribute('datetime');

describe('NewArrivalBidding: the live board (pins "Bidding on new arrivals", decision 045)', () => {
  // jsdom lays nothing out: give the grid's scroll box a screenful, so its rows stay rendered.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    socket.emitted = [];
  });

  it('shows another buyer’s bid and the moved end the moment its news arrives, until the views show it', () => {
    setToken('session-token');
    renderNewArrivals();
    expect(socket.emitted).toEqual(['get_bid_stones']);
    const end = '2026-11-26T13:00:00.000Z';
    const a = row('LD301');
    const b = row('LD302', { current_max_bid: -20, bid_count: 1 });
    const before = { endTime: end, bidStone: [a, b], activeStone: [] };
    serverSends.view(before);
    expect(maxBidOf('LD301')).toBe('-');
    expect(roundEnd()).toBe(end);

    // A bid in the last 2 minutes: its news carries the new highest bid and the moved end.
    const moved = '2026-11-26T13:02:00.000Z';
    serverSends.news({
      endTime: moved,
      stones: [{ product_id: a.id, current_max_bid: -25.5, bid_count: 1 }],
    });
    expect(maxBidOf('LD301')).toBe(formatDiscount(-25.5));
    expect(roundEnd()).toBe(moved);

    // A view written before that bid (a refresh under way) does not take it back…
    serverSends.view(before);
    expect(maxBidOf('LD301')).toBe(formatDiscount(-25.5));
    expect(maxBidOf('LD302')).toBe(formatDiscount(-20));
    expect(roundEnd()).toBe(moved);
    // …and a view that shows it replaces the table, with whatever else it brings.
    serverSends.view({
      endTime: moved,
      bidStone: [
        { ...a, current_max_bid: -25.5, bid_count: 1 },
        { ...b, current_max_bid: -19, bid_count: 2 },
      ],
      activeStone: [],
    });
    expect(maxBidOf('LD301')).toBe(formatDiscount(-25.5));
    expect(maxBidOf('LD302')).toBe(formatDiscount(-19));
  });
});
