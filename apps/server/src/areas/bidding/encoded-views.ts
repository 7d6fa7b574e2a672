import type { BidStones } from '@loupe/contract/bidding';
import { PreEncoded } from '../../platform/realtime/pre-encoded.ts';
import { toStone } from '../stones/index.ts';
import type { MyBids, RoundBoard } from './new-arrivals.ts';

/** One stone of the board as JSON pieces: everything but the bidder's own fields is shared. */
interface EncodedRow {
  id: string;
  /** The row up to `current_max_bid` (no closing brace). */
  head: string;
  /** `"bid_count":n}`: what follows the bidder's own fields. */
  tail: string;
  /** The whole row for a bidder with no bid on it (`bidStone`). */
  open: string;
}

/**
 * The board written once as JSON for all its bidders. A bidder's `bid_stones` is these pieces
 * joined, with only `my_current_bid` and `last_bid_date` of their active stones written per bidder:
 * the text is exactly `JSON.stringify(viewOfBoard(board, customer, mine))`. The board's stones are
 * all Available, so no stone field depends on the bidder (`reserved_for_you` is false for everyone).
 */
export interface EncodedBoard {
  head: string;
  rows: EncodedRow[];
}

const mineJson = (value: number | null, placedAt: string | null) =>
  `"my_current_bid":${JSON.stringify(value)},"last_bid_date":${JSON.stringify(placedAt)},`;

export function encodeBoard(board: RoundBoard): EncodedBoard {
  const rows = board.stones.map((row): EncodedRow => {
    const stat = board.stats.get(row.id);
    const shared = JSON.stringify({
      ...toStone(row, { showPrices: true }),
      current_max_bid: stat?.max ?? null,
    });
    const head = `${shared.slice(0, -1)},`;
    const tail = `"bid_count":${stat?.count ?? 0}}`;
    return { id: row.id, head, tail, open: head + mineJson(null, null) + tail };
  });
  return { head: `{"endTime":${JSON.stringify(board.round.endsAt.toISOString())},`, rows };
}

/** One bidder's `bid_stones` from the encoded board and their own bids. */
export function encodedViewOf(board: EncodedBoard, mine: MyBids): PreEncoded<BidStones> {
  const bidStone: string[] = [];
  const activeStone: string[] = [];
  for (const row of board.rows) {
    const my = mine.get(row.id);
    if (my) activeStone.push(row.head + mineJson(my.value, my.placedAt.toISOString()) + row.tail);
    else bidStone.push(row.open);
  }
  return new PreEncoded(
    `${board.head}"bidStone":[${bidStone.join(',')}],"activeStone":[${activeStone.join(',')}]}`,
  );
}
