import { bidToBuyHistory, getBidToBuy } from '@loupe/contract/bid-to-buy';
import type { BidHistoryRow } from '@loupe/contract/bidding';
import { targetPageHref } from '@loupe/contract/notices';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { columnPreferenceKeys } from '../../../domain/stones/grid/grid-api';
import { buildCustomer } from '../../../test/customer-fixture';
import { fail, fakeApi } from '../../../test/fake-api';
import { buildStone } from '../../../test/stone-fixture';
import { BidToBuyBidding } from './bid-to-buy-bidding';

const won: BidHistoryRow = {
  ...buildStone({ lot_id: 'LD501', diamond_status: 'Sold' }),
  my_current_bid: -30,
  current_max_bid: -30,
  last_bid_date: '2026-03-12T10:00:00.000Z',
  is_win: true,
};
const lost: BidHistoryRow = {
  ...buildStone({ lot_id: 'LD502' }),
  my_current_bid: -41,
  current_max_bid: null,
  last_bid_date: '2026-03-11T10:00:00.000Z',
  is_win: false,
};

function renderAt(href: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(columnPreferenceKeys.mine(), []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[href]}>
        <BidToBuyBidding
          customer={buildCustomer({ bid_to_buy: { starts_at: null, count: 0, endTime: null } })}
          kycPitch={<p>Complete your KYC</p>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = (lot: string) => screen.getByRole('link', { name: lot }).closest('tr')!;

describe('BidToBuyBidding with no event running (pins "Bid to buy")', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });

  it('still shows my past bids on Bid History, where a lost bid’s notice leads, won green and lost red', async () => {
    const api = fakeApi()
      .on(getBidToBuy, fail('INACTIVE_BID_TO_BUY', 'No bid-to-buy event is running.'))
      .on(bidToBuyHistory, { bids: [won, lost], count: 2 });
    renderAt(targetPageHref('bid-to-buy:bidHistory')!);

    const table = await screen.findByRole('table', { name: 'Bid to buy: Bid History' });
    expect(screen.getByText('INACTIVE')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^Bid History/, selected: true })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'LD501' })).toBeTruthy();
    expect(rowOf('LD501').className).toContain('bid-won-row');
    expect(within(rowOf('LD501')).getByText('Won')).toBeTruthy();
    expect(rowOf('LD502').className).toContain('bid-lost-row');
    expect(within(rowOf('LD502')).getByText('Lost')).toBeTruthy();
    expect(screen.getByText('Won', { selector: '.bid-legend .badge' })).toBeTruthy();
    expect(api.callsTo(bidToBuyHistory)).toHaveLength(1);
  });

  it('says on Bid Stone and Active Bid that no event is running, with nothing to search or bid on', async () => {
    fakeApi()
      .on(getBidToBuy, fail('INACTIVE_BID_TO_BUY', 'No bid-to-buy event is running.'))
      .on(bidToBuyHistory, { bids: [], count: 0 });
    renderAt('/v2/bid-2-buy?path=bidStone');

    expect(await screen.findByRole('heading', { name: 'No bid-to-buy event is running' })).toBeTruthy();
    expect(
      screen.getByText(
        'Selected stones go on sale by sealed bids once a month, up to 5% extra off the per-carat price.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all stones' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Search by Stone ID' })).toBeNull();
    expect(screen.queryByTestId('bid-countdown')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /^Active Bid/ }));
    expect(screen.getByRole('heading', { name: 'No bid-to-buy event is running' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^Bid History/ }));
    expect(await screen.findByText('No bids of past events yet.')).toBeTruthy();
  });
});
