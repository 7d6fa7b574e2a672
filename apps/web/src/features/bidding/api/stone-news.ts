import type { BidStoneRow, BidStones, BidStonesChanged } from '@loupe/contract/bidding';

/**
 * How long a stone's news outranks the `bid_stones` views that arrive after it. A view is written
 * from the board as it was when its refresh began, and a refresh takes up to several hundred
 * milliseconds on a busy server, so a view arriving just after a news may be older than it; the
 * news of a stone come in the order of its bids. Past this, the view wins whatever it says: it is
 * the backstop when a news was lost (decision 045).
 */
export const NEWS_HOLD_MS = 2000;

/**
 * The view with each stone's news applied: the stone's highest bid and bid count, in whichever tab
 * it is, and the round's end. A news of an earlier round (its end before the view's) is left out;
 * the view itself is answered when nothing changes, so the grid redraws only for news.
 */
export function withStoneNews(view: BidStones, news: readonly BidStonesChanged[]): BidStones {
  const byStone = new Map<string, BidStonesChanged['stones'][number]>();
  let endTime = view.endTime;
  for (const event of news) {
    if (event.endTime < view.endTime) continue;
    for (const change of event.stones) byStone.set(change.product_id, change);
    if (event.endTime > endTime) endTime = event.endTime;
  }
  if (byStone.size === 0) return view;
  const apply = (rows: BidStoneRow[]) => {
    let changed = false;
    const next = rows.map((row) => {
      const change = byStone.get(row.id);
      if (!change || (change.current_max_bid === row.current_max_bid && change.bid_count === row.bid_count)) {
        return row;
      }
      changed = true;
      return { ...row, current_max_bid: change.current_max_bid, bid_count: change.bid_count };
    });
    return changed ? next : rows;
  };
  const bidStone = apply(view.bidStone);
  const activeStone = apply(view.activeStone);
  if (bidStone === view.bidStone && activeStone === view.activeStone && endTime === view.endTime) return view;
  return { endTime, bidStone, activeStone };
}

/** The latest news of each stone heard within `NEWS_HOLD_MS`, to lay over the views arriving after it. */
export class HeldNews {
  /** Each stone's latest news, as an event of that stone alone. */
  readonly #byStone = new Map<string, { news: BidStonesChanged; heardAt: number }>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  hear(news: BidStonesChanged) {
    const heardAt = this.#now();
    for (const change of news.stones) {
      this.#byStone.set(change.product_id, { news: { endTime: news.endTime, stones: [change] }, heardAt });
    }
  }

  /**
   * A view that just arrived, with the news it may not show yet. A news the view already shows is
   * let go (the views have caught up with it), and so is one older than `NEWS_HOLD_MS`.
   */
  onto(view: BidStones): BidStones {
    const since = this.#now() - NEWS_HOLD_MS;
    const shown = new Map([...view.bidStone, ...view.activeStone].map((row) => [row.id, row] as const));
    for (const [id, { news, heardAt }] of this.#byStone) {
      const row = shown.get(id);
      const change = news.stones[0]!;
      const caughtUp =
        row !== undefined &&
        row.current_max_bid === change.current_max_bid &&
        row.bid_count === change.bid_count &&
        news.endTime <= view.endTime;
      if (heardAt < since || caughtUp) this.#byStone.delete(id);
    }
    return withStoneNews(
      view,
      [...this.#byStone.values()].map((held) => held.news),
    );
  }
}
