import { type StoneRow, toStone } from '../stones/index.ts';
import type { MyBids, RoundBoard } from './new-arrivals.ts';

/** One stone of the board as JSON bytes: everything but the bidder's own fields is shared. */
interface EncodedRow {
  id: string;
  /** The row up to `current_max_bid` (no closing brace). */
  head: Buffer;
  /** `"bid_count":n}`: what follows the bidder's own fields. */
  tail: Buffer;
  /** The whole row for a bidder with no bid on it (`bidStone`). */
  open: Buffer;
}

/**
 * The board written once as JSON bytes for all its bidders. A bidder's `bid_stones` is these
 * pieces in a row, with only `my_current_bid` and `last_bid_date` of their active stones written
 * per bidder: the bytes are exactly `JSON.stringify(viewOfBoard(board, customer, mine))`. The
 * board's stones are all Available, so no stone field depends on the bidder (`reserved_for_you`
 * is false for everyone).
 */
export interface EncodedBoard {
  head: Buffer;
  rows: EncodedRow[];
}

const bytes = (text: string) => Buffer.from(text);
const COMMA = bytes(',');
const BID_STONE = bytes('"bidStone":[');
const ACTIVE_STONE = bytes('],"activeStone":[');
const END = bytes(']}');

const mineJson = (value: number | null, placedAt: string | null) =>
  bytes(`"my_current_bid":${JSON.stringify(value)},"last_bid_date":${JSON.stringify(placedAt)},`);
const NOT_MINE = mineJson(null, null);

/**
 * A stone's JSON up to its last field, without the closing brace, kept by its row: a board read
 * with `BoardStones` hands an unchanged stone the same row object, so a stone is written out once
 * while it does not change, not at every turn.
 */
const stoneJson = new WeakMap<StoneRow, string>();

function stoneJsonOf(row: StoneRow): string {
  let json = stoneJson.get(row);
  if (json === undefined) {
    json = JSON.stringify(toStone(row, { showPrices: true })).slice(0, -1);
    stoneJson.set(row, json);
  }
  return json;
}

export function encodeBoard(board: RoundBoard): EncodedBoard {
  const rows = board.stones.map((row): EncodedRow => {
    const stat = board.stats.get(row.id);
    const head = bytes(`${stoneJsonOf(row)},"current_max_bid":${JSON.stringify(stat?.max ?? null)},`);
    const tail = bytes(`"bid_count":${stat?.count ?? 0}}`);
    return { id: row.id, head, tail, open: Buffer.concat([head, NOT_MINE, tail]) };
  });
  return { head: bytes(`{"endTime":${JSON.stringify(board.round.endsAt.toISOString())},`), rows };
}

/** One bidder's `bid_stones` as JSON, in pieces, from the encoded board and their own bids. */
export function encodedViewOf(board: EncodedBoard, mine: MyBids): Buffer[] {
  const bidStone: Buffer[] = [];
  const activeStone: Buffer[] = [];
  for (const row of board.rows) {
    const my = mine.get(row.id);
    const list = my ? activeStone : bidStone;
    if (list.length > 0) list.push(COMMA);
    if (my) list.push(row.head, mineJson(my.value, my.placedAt.toISOString()), row.tail);
    else list.push(row.open);
  }
  return [board.head, BID_STONE, ...bidStone, ACTIVE_STONE, ...activeStone, END];
}
