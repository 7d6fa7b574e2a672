import type { BidPlaced, BidStoneRow, BidStones, PlaceBid } from '@loupe/contract/bidding';
import { BID_LIMITS } from '@loupe/contract/bidding';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { and, asc, count, eq, gt, inArray, isNull, lte, max, or } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { bids, stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import {
  lockStonesById,
  requireApprovedKyc,
  type StoneRow,
  selectStones,
  statusRank,
  toStone,
} from '../stones/index.ts';
import { lockNewArrivalRound, openNewArrivalRound } from './close-round.ts';
import { noticeOutbid, placed, readStoneBids, recordBid, withdrawBids } from './place-bid.ts';
import { announceBids, type BidRound, findOpenRound, moveRoundEnd, type RoundLock } from './rounds.ts';
import { readSocketViewer } from './socket-viewer.ts';

export interface NewArrivalDeps {
  db: Database;
  clock: Clock;
  /** BID_ROUND_CLOSE: the daily close, HH:MM UTC. */
  closeAt: string;
}

const AVAILABLE = statusRank('Available');
const HOUR = 3_600_000;

const newArrivalsSince = (now: Date) => new Date(now.getTime() - STOCK_LIMITS.newArrivalHours * HOUR);

/** Every new-arrival call is a socket event: the KYC as it is now (readSocketViewer). */
async function requireApproved(db: Database, customerId: string) {
  requireApprovedKyc(await readSocketViewer(db, customerId), 'Complete your KYC to bid on new arrivals.');
}

/**
 * Places or raises my bid on a new arrival (pins "place_bid"). One transaction holds the round's
 * lock from the checks to the commit, so a bid is either in before the close or refused, and what
 * is acknowledged is stored. Bids share the round and queue only on their stone's row, so bids on
 * different stones do not wait for each other; a bid in the last 2 minutes, which moves the end to
 * 2 minutes after it for everyone, takes the round to itself (decision 032).
 */
export async function placeNewArrivalBid(
  deps: NewArrivalDeps,
  customerId: string,
  bid: PlaceBid,
): Promise<BidPlaced> {
  await requireApproved(deps.db, customerId);
  if (!(await placeUnderLock(deps, customerId, bid, 'share'))) {
    await placeUnderLock(deps, customerId, bid, 'update');
  }
  return placed(bid.product_id, bid.bid_value);
}

/** Places the bid holding the round so; false (nothing written) when it would move the end under a shared lock. */
async function placeUnderLock(
  deps: NewArrivalDeps,
  customerId: string,
  bid: PlaceBid,
  lock: RoundLock,
): Promise<boolean> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const round = await lockNewArrivalRound(tx, now, deps.closeAt, lock);
    if (round.endsAt <= now) throw new AppError('BID_NOT_OPEN', 'This round has closed.');
    const movesEnd = round.endsAt.getTime() - now.getTime() < BID_LIMITS.antiSnipingMs;
    if (movesEnd && lock === 'share') return false;
    const stone = (await lockStonesById(tx, [bid.product_id])).get(bid.product_id);
    const onStone = stone && (await readStoneBids(tx, round.id, stone.id, customerId));
    const fresh =
      stone !== undefined && stone.certifiedAt > newArrivalsSince(now) && stone.certifiedAt <= now;
    if (!stone || !onStone || stone.status !== AVAILABLE || !(fresh || onStone.standing.length > 0)) {
      throw new AppError('BID_NOT_OPEN', 'This stone is not open for bidding in the current round.');
    }
    const outbid = await recordBid(tx, round, stone, customerId, bid.bid_value, stone.discount, now, onStone);
    if (outbid) await noticeOutbid(tx, clock, outbid, stone.lotId);
    if (movesEnd) await moveRoundEnd(tx, round.id, new Date(now.getTime() + BID_LIMITS.antiSnipingMs));
    await announceBids(tx, round.id, [stone.id]);
    return true;
  });
}

/** Withdraws my bids on open new arrivals (`cancel_bid`); stones I have no bid on are ignored. */
export async function cancelNewArrivalBids(deps: NewArrivalDeps, customerId: string, stoneIds: string[]) {
  const { db, clock } = deps;
  await requireApproved(db, customerId);
  await db.transaction(async (tx) => {
    const now = clock.now();
    const round = await lockNewArrivalRound(tx, now, deps.closeAt);
    if (round.endsAt <= now) throw new AppError('BID_NOT_OPEN', 'This round has closed.');
    const withdrawn = await withdrawBids(tx, round, customerId, stoneIds, now);
    if (withdrawn.length > 0) await announceBids(tx, round.id, withdrawn);
  });
}

/** The open round, opened first when there is none (the previous one closed with no one around). */
export async function currentNewArrivalRound(deps: NewArrivalDeps): Promise<BidRound> {
  const open = await findOpenRound(deps.db, 'new_arrivals');
  if (open) return open;
  return deps.db.transaction(async (tx) => {
    await openNewArrivalRound(tx, deps.clock.now(), deps.closeAt);
    return lockNewArrivalRound(tx, deps.clock.now(), deps.closeAt);
  });
}

/** What every bidder's view shares: the open stones and their bidding, read once per refresh. */
export interface RoundBoard {
  round: BidRound;
  stones: StoneRow[];
  stats: Map<string, { max: number; count: number }>;
}

export async function readBoard(db: Executor, round: BidRound, now: Date): Promise<RoundBoard> {
  const since = newArrivalsSince(now);
  const bidOn = db
    .select({ id: bids.stoneId })
    .from(bids)
    .where(and(eq(bids.roundId, round.id), isNull(bids.canceledAt)));
  const open = await selectStones(db, {
    where: and(
      eq(stones.status, AVAILABLE),
      or(and(gt(stones.certifiedAt, since), lte(stones.certifiedAt, now)), inArray(stones.id, bidOn)),
    )!,
    orderBy: [asc(stones.lotId)],
  });
  const stats = await db
    .select({ stoneId: bids.stoneId, max: max(bids.value), count: count() })
    .from(bids)
    .where(and(eq(bids.roundId, round.id), isNull(bids.canceledAt)))
    .groupBy(bids.stoneId);
  return {
    round,
    stones: open,
    stats: new Map(stats.map((s) => [s.stoneId, { max: s.max ?? 0, count: s.count }])),
  };
}

export type MyBids = Map<string, { value: number; placedAt: Date }>;

/** The standing bids of these customers in a round, by customer and stone. */
export async function readMyBids(db: Executor, roundId: string, customerIds: string[]) {
  const byCustomer = new Map<string, MyBids>(customerIds.map((id) => [id, new Map()]));
  if (customerIds.length === 0) return byCustomer;
  const found = await db
    .select({
      customerId: bids.customerId,
      stoneId: bids.stoneId,
      value: bids.value,
      placedAt: bids.placedAt,
    })
    .from(bids)
    .where(and(eq(bids.roundId, roundId), isNull(bids.canceledAt), inArray(bids.customerId, customerIds)));
  for (const b of found)
    byCustomer.get(b.customerId)?.set(b.stoneId, { value: b.value, placedAt: b.placedAt });
  return byCustomer;
}

/** One customer's `bid_stones` from the shared board and their own bids. */
export function viewOfBoard(board: RoundBoard, customerId: string, mine: MyBids): BidStones {
  const bidStone: BidStoneRow[] = [];
  const activeStone: BidStoneRow[] = [];
  for (const row of board.stones) {
    const stat = board.stats.get(row.id);
    const my = mine.get(row.id);
    const out: BidStoneRow = {
      ...toStone(row, { showPrices: true, customerId }),
      current_max_bid: stat?.max ?? null,
      my_current_bid: my?.value ?? null,
      last_bid_date: my?.placedAt.toISOString() ?? null,
      bid_count: stat?.count ?? 0,
    };
    (my ? activeStone : bidStone).push(out);
  }
  return { endTime: board.round.endsAt.toISOString(), bidStone, activeStone };
}

/** `get_bid_stones`: my view of the current round. */
export async function newArrivalView(deps: NewArrivalDeps, customerId: string): Promise<BidStones> {
  await requireApproved(deps.db, customerId);
  const round = await currentNewArrivalRound(deps);
  const board = await readBoard(deps.db, round, deps.clock.now());
  const mine = await readMyBids(deps.db, round.id, [customerId]);
  return viewOfBoard(board, customerId, mine.get(customerId)!);
}
