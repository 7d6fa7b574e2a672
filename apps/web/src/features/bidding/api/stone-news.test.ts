import type { BidStoneRow, BidStones } from '@loupe/contract/bidding';
import { describe, expect, it } from 'vitest';
import { buildStone } from '../../../test/stone-fixture';
import { HeldNews, NEWS_HOLD_MS, withStoneNews } from './stone-news';

const row = (fields: Partial<BidStoneRow> = {}): BidStoneRow => ({
  ...buildStone(),
  current_max_bid: null,
  my_current_bid: null,
  last_bid_date: null,
  bid_count: 0,
  ...fields,
});
const END = '2026-11-26T13:00:00.000Z';
const MOVED = '2026-11-26T13:02:00.000Z';
const mine = row({ my_current_bid: -20, current_max_bid: -20, bid_count: 1 });
const other = row();
const view: BidStones = { endTime: END, bidStone: [other], activeStone: [mine] };
const figures = (v: BidStones) =>
  [...v.bidStone, ...v.activeStone].map((r) => [r.current_max_bid, r.bid_count, r.my_current_bid]);

describe('a stone’s news on the new arrivals’ view (decision 045)', () => {
  it('changes the highest bid and count of that stone in either tab, and the round’s end; my own bid stays', () => {
    const next = withStoneNews(view, [
      { endTime: END, stones: [{ product_id: other.id, current_max_bid: -25, bid_count: 1 }] },
      { endTime: MOVED, stones: [{ product_id: mine.id, current_max_bid: -18.5, bid_count: 2 }] },
    ]);
    expect(next.endTime).toBe(MOVED);
    expect(figures(next)).toEqual([
      [-25, 1, null],
      [-18.5, 2, -20],
    ]);
    // The view it came from is left as it was.
    expect(figures(view)).toEqual([
      [null, 0, null],
      [-20, 1, -20],
    ]);
  });

  it('leaves the view as it is for a news it already shows, of an earlier round, or of a stone it lacks', () => {
    const said = [
      {
        endTime: END,
        stones: [
          { product_id: mine.id, current_max_bid: -20, bid_count: 1 },
          { product_id: buildStone().id, current_max_bid: -5, bid_count: 1 },
        ],
      },
      {
        endTime: '2026-11-25T13:00:00.000Z',
        stones: [{ product_id: other.id, current_max_bid: -10, bid_count: 3 }],
      },
    ];
    expect(withStoneNews(view, said)).toBe(view);
  });

  it('lays the news heard over the views that may be older, until one shows it or the hold passes', () => {
    let now = 0;
    const held = new HeldNews(() => now);
    held.hear({ endTime: END, stones: [{ product_id: other.id, current_max_bid: -25, bid_count: 1 }] });
    // A view written before that bid still shows the news.
    expect(figures(held.onto(view))[0]).toEqual([-25, 1, null]);
    // A view that shows it lets it go: a later view (a cancel whose news was lost) is believed.
    const caughtUp = { ...view, bidStone: [{ ...other, current_max_bid: -25, bid_count: 1 }] };
    expect(held.onto(caughtUp)).toBe(caughtUp);
    expect(held.onto(view)).toBe(view);

    held.hear({ endTime: END, stones: [{ product_id: other.id, current_max_bid: -24, bid_count: 2 }] });
    now += NEWS_HOLD_MS - 1;
    expect(figures(held.onto(view))[0]).toEqual([-24, 2, null]);
    now += 2;
    expect(held.onto(view)).toBe(view);
  });
});
