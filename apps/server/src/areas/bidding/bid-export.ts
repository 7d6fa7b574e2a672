import { and, eq, isNull, max } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type BidRoundKind, bids } from '../../platform/db/schema/index.ts';
import { type StockViewer, type StoneRow, statusRank } from '../stones/index.ts';
import { bidHistory } from './bid-history.ts';
import { floorPriceOf } from './bid-to-buy.ts';
import { findOpenRound } from './rounds.ts';

/** Which bidding tab a spreadsheet comes from (domain-facts §2.3 `from_…`). */
export type BidSheet = 'new_arrival_bid' | 'new_arrival_bid_history' | 'bid_to_buy' | 'bid_to_buy_history';

/** A stone's bid cells in the customer's spreadsheet. */
export interface BidCells {
  mine: number | null;
  /** The highest bid of any bidder; never on bid to buy, whose bids are sealed, except my own win. */
  max: number | null;
  date: Date | null;
  won: boolean | null;
}

/** The price fields of a stone row a file may show in place of the stone's own. */
export type SheetPrice = Pick<StoneRow, 'rapPerCarat' | 'discount' | 'pricePerCarat' | 'amount' | 'rapValue'>;

const BID_TO_BUY = statusRank('BidToBuy');

/**
 * The prices a bidding tab's file shows in place of the stones' own, as the tab's rows show them:
 * bid to buy's open tabs price each event stone at the event floor (`GET /store/bid-to-buy`);
 * the other tabs, histories included, show the stones' own prices.
 */
export function bidSheetPrices(sheet: BidSheet): ((row: StoneRow) => SheetPrice | undefined) | undefined {
  if (sheet !== 'bid_to_buy') return undefined;
  return (row) => (row.status === BID_TO_BUY ? floorPriceOf(row) : undefined);
}

/**
 * The customer's bid figures by stone id for a bidding tab's export: the open round's (my standing
 * bid, and on new arrivals the highest bid) or my closed bids (the newest per stone, won or lost).
 * The same figures the tab shows, so the file matches the screen.
 */
export async function bidCellsFor(
  db: Database,
  viewer: StockViewer,
  sheet: BidSheet,
): Promise<Map<string, BidCells>> {
  const { customerId } = viewer;
  const kind: BidRoundKind = sheet.startsWith('new_arrival') ? 'new_arrivals' : 'bid_to_buy';
  const cells = new Map<string, BidCells>();
  if (sheet.endsWith('_history')) {
    for (const row of (await bidHistory(db, viewer, kind)).bids) {
      if (cells.has(row.id)) continue;
      cells.set(row.id, {
        mine: row.my_current_bid,
        max: row.current_max_bid,
        date: row.last_bid_date ? new Date(row.last_bid_date) : null,
        won: row.is_win,
      });
    }
    return cells;
  }
  const round = await findOpenRound(db, kind);
  if (!round) return cells;
  const standing = and(eq(bids.roundId, round.id), isNull(bids.canceledAt));
  const highest =
    kind === 'new_arrivals'
      ? new Map(
          (
            await db
              .select({ stoneId: bids.stoneId, value: max(bids.value) })
              .from(bids)
              .where(standing)
              .groupBy(bids.stoneId)
          ).map((row) => [row.stoneId, row.value]),
        )
      : new Map<string, number | null>();
  for (const [stoneId, value] of highest)
    cells.set(stoneId, { mine: null, max: value, date: null, won: null });
  const mine = await db
    .select({ stoneId: bids.stoneId, value: bids.value, placedAt: bids.placedAt })
    .from(bids)
    .where(and(standing, eq(bids.customerId, customerId)));
  for (const bid of mine) {
    cells.set(bid.stoneId, {
      mine: bid.value,
      max: highest.get(bid.stoneId) ?? null,
      date: bid.placedAt,
      won: null,
    });
  }
  return cells;
}
