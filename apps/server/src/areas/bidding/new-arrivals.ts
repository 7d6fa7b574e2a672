import type { BidPlaced, BidStoneRow, BidStones, PlaceBid } from '@loupe/contract/bidding';
import { BID_LIMITS } from '@loupe/contract/bidding';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { and, asc, count, eq, gt, inArray, isNull, lte, max, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Clock } from '../../platform/clock.ts';
import { type Database, type Executor, rows, twoStepTransaction } from '../../platform/db/client.ts';
import { bids, stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import {
  requireApprovedKyc,
  type StoneRow,
  selectStones,
  statusRank,
  stoneIdIn,
  toStone,
} from '../stones/index.ts';
import { lockNewArrivalRound, openNewArrivalRound } from './close-round.ts';
import {
  acceptRecorded,
  type BidAttempt,
  placed,
  type Recorded,
  recordBidStatement,
  withdrawBids,
} from './place-bid.ts';
import { announceBids, type BidRound, findOpenRound, type RoundLock } from './rounds.ts';
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

/** What a new-arrival bid finds as it takes its locks: the bidder's KYC, the round, the stone. */
type BidTarget = {
  kyc_status: string;
  round_id: string | null;
  round_ended: boolean | null;
  /** The round ends within the anti-sniping window: the bid moves the end. */
  moves_end: boolean | null;
  stone_id: string | null;
  lot_id: string | null;
  discount: number | null;
  available: boolean | null;
  /** Certified within the last 24 hours: open even with no bid on it. */
  fresh: boolean | null;
};

/**
 * One statement: locks the open new-arrivals round (`FOR SHARE`, or `FOR UPDATE` to hold it alone)
 * and then, with a round there, the stone's row, as stones' `lockStonesById` does (bids on one
 * stone queue on it); and reads the bidder's KYC status, which a change during a connection
 * must reach. The round is locked before the stone, the order the close takes them in. A bid
 * racing the close waits for the close's lock and then finds no open round.
 */
function lockBidTarget(customerId: string, stoneId: string, now: Date, lock: RoundLock): SQL {
  const roundLock = lock === 'share' ? sql`FOR SHARE` : sql`FOR UPDATE`;
  return sql`
      WITH round AS MATERIALIZED (
        SELECT id, ends_at FROM bid_rounds
        WHERE kind = 'new_arrivals' AND closed_at IS NULL
        ${roundLock}
      ), stone AS MATERIALIZED (
        SELECT id, lot_id, discount, status, certified_at FROM stones
        WHERE id = ${stoneId} AND EXISTS (SELECT 1 FROM round)
        FOR NO KEY UPDATE
      )
      SELECT customers.kyc_status,
        round.id AS round_id,
        round.ends_at <= ${now.toISOString()} AS round_ended,
        round.ends_at < ${new Date(now.getTime() + BID_LIMITS.antiSnipingMs).toISOString()} AS moves_end,
        stone.id AS stone_id, stone.lot_id, stone.discount,
        stone.status = ${AVAILABLE} AS available,
        (stone.certified_at > ${newArrivalsSince(now).toISOString()}
          AND stone.certified_at <= ${now.toISOString()}) AS fresh
      FROM customers LEFT JOIN round ON true LEFT JOIN stone ON true
      WHERE customers.id = ${customerId}`;
}

/**
 * Places or raises my bid on a new arrival (pins "place_bid"). One transaction holds the round's
 * lock from the checks to the commit, so a bid is either in before the close or refused, and what
 * is acknowledged is stored. Bids share the round and queue only on their stone's row, so bids on
 * different stones do not wait for each other; a bid in the last 2 minutes, which moves the end to
 * 2 minutes after it for everyone, takes the round to itself (decision 032). Two statements: the
 * locks (with the KYC status), then the checks and every write, the outbid notice included
 * (decision 044); BEGIN goes with the first and COMMIT with the second, two round trips in all
 * (decision 055).
 */
export async function placeNewArrivalBid(
  deps: NewArrivalDeps,
  customerId: string,
  bid: PlaceBid,
): Promise<BidPlaced> {
  let done = await placeUnderLock(deps, customerId, bid, 'share');
  if (done === 'no_round') {
    // No round open (a new database): open it, then bid as above.
    await currentNewArrivalRound(deps);
    done = await placeUnderLock(deps, customerId, bid, 'share');
  }
  if (done === 'no_round') throw new Error('no new-arrivals round after opening one');
  if (done === 'round_alone') await placeUnderLock(deps, customerId, bid, 'update');
  return placed(bid.product_id, bid.bid_value);
}

/**
 * Places the bid holding the round so. Nothing is written when there is no open round, or when the
 * bid would move the end under a shared lock (it must hold the round alone): it answers which.
 */
async function placeUnderLock(
  deps: NewArrivalDeps,
  customerId: string,
  bid: PlaceBid,
  lock: RoundLock,
): Promise<'placed' | 'no_round' | 'round_alone'> {
  const { db, clock } = deps;
  return twoStepTransaction(db, async (tx) => {
    const now = clock.now();
    const [target] = await tx.first<BidTarget>(lockBidTarget(customerId, bid.product_id, now, lock));
    if (!target) throw new AppError('UNAUTHORIZED');
    if (target.kyc_status !== 'approved') {
      throw new AppError('KYC_REQUIRED', 'Complete your KYC to bid on new arrivals.');
    }
    if (target.round_id === null) return 'no_round';
    if (target.round_ended) throw new AppError('BID_NOT_OPEN', 'This round has closed.');
    if (target.moves_end && lock === 'share') return 'round_alone';
    if (target.stone_id === null || !target.available) {
      throw new AppError('BID_NOT_OPEN', 'This stone is not open for bidding in the current round.');
    }
    const attempt: BidAttempt = {
      roundId: target.round_id,
      stoneId: target.stone_id,
      customerId,
      value: bid.bid_value,
      floor: target.discount!,
      now,
      openWithoutBids: target.fresh === true,
      outbidNotice: { lot: target.lot_id! },
      moveEndTo: target.moves_end ? new Date(now.getTime() + BID_LIMITS.antiSnipingMs) : undefined,
      announce: true,
    };
    const [recorded] = await tx.last<Recorded>(recordBidStatement(attempt));
    acceptRecorded(recorded, attempt);
    return 'placed';
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

/** A new-arrivals round's opening in this process: its round, and whether it has settled. */
interface Opening {
  round: Promise<BidRound>;
  settled: boolean;
}
/** Per database, the last opening of a new-arrivals round in this process. */
const openings = new WeakMap<Database, Opening>();

/**
 * The open round, opened first when there is none (a new database: each close opens the next).
 * Callers arriving while this process opens it wait for that opening instead of starting their
 * own: a crowd's first views (500 at a bench's start) made up to 70 transactions that inserted
 * the same round and queued on its row for 150–324 ms. A caller whose look for the open round
 * began before an opening of this process settled takes that opening's round too: its look could
 * not see the round, and its answer may come after the opening is over (a second transaction,
 * seen on PostgreSQL's pool). Between instances the round's unique index still decides.
 */
export async function currentNewArrivalRound(deps: NewArrivalDeps): Promise<BidRound> {
  const before = openings.get(deps.db);
  const open = await findOpenRound(deps.db, 'new_arrivals');
  if (open) return open;
  const latest = openings.get(deps.db);
  if (latest && (!latest.settled || latest !== before)) return latest.round;
  const opening: Opening = {
    round: deps.db.transaction(async (tx) => {
      await openNewArrivalRound(tx, deps.clock.now(), deps.closeAt);
      return lockNewArrivalRound(tx, deps.clock.now(), deps.closeAt);
    }),
    settled: false,
  };
  const settle = () => {
    opening.settled = true;
  };
  // Its callers see a failure; this only notes the end.
  opening.round.then(settle, settle);
  openings.set(deps.db, opening);
  return opening.round;
}

/** What every bidder's view shares: the open stones and their bidding, read once per refresh. */
export interface RoundBoard {
  round: BidRound;
  stones: StoneRow[];
  stats: Map<string, { max: number; count: number }>;
}

/**
 * The open stones' rows as last read, by id, with each row's version (PostgreSQL's `xmin`, new
 * with every write of the row, whoever wrote it). A board read with it asks which stones are open
 * and their versions, and reads whole rows only for stones it does not hold at that version: the
 * stones of a round change rarely, their bids ten times a second. An unchanged stone keeps its
 * `StoneRow` object from read to read (`encodeBoard` keeps its JSON by it).
 */
export type BoardStones = Map<string, { version: string; row: StoneRow }>;

export async function readBoard(
  db: Executor,
  round: BidRound,
  now: Date,
  known: BoardStones = new Map(),
): Promise<RoundBoard> {
  const since = newArrivalsSince(now);
  // The open stones are the fresh ones and the ones bid on, each set read by its own index and
  // the stones then by id: one OR of the two conditions reads every Available stone of the stock
  // (0.7 s on a million stones against 2 ms this way).
  const fresh = db
    .select({ id: stones.id })
    .from(stones)
    .where(and(gt(stones.certifiedAt, since), lte(stones.certifiedAt, now)));
  const standing = and(eq(bids.roundId, round.id), isNull(bids.canceledAt));
  const bidOn = db.select({ id: bids.stoneId }).from(bids).where(standing);
  /** Available, among the stones `among` names. */
  const isOpen = (among: SQL) => and(eq(stones.status, AVAILABLE), among)!;
  const versions = await db
    .select({ id: stones.id, version: sql<string>`${stones}.xmin::text` })
    .from(stones)
    .where(isOpen(inArray(stones.id, union(fresh, bidOn))))
    .orderBy(asc(stones.lotId));
  const stale = versions.filter((v) => known.get(v.id)?.version !== v.version);
  if (stale.length > 0) {
    const read = await selectStones(db, {
      where: isOpen(stoneIdIn(stale.map((v) => v.id))),
    });
    const versionOf = new Map(stale.map((v) => [v.id, v.version]));
    for (const row of read) known.set(row.id, { version: versionOf.get(row.id)!, row });
  }
  const open = new Set(versions.map((v) => v.id));
  for (const id of known.keys()) if (!open.has(id)) known.delete(id);
  // A stone that stopped being open between the two reads is left out until the next.
  const openRows = versions.flatMap((v) => {
    const held = known.get(v.id);
    return held ? [held.row] : [];
  });
  const stats = await db
    .select({ stoneId: bids.stoneId, max: max(bids.value), count: count() })
    .from(bids)
    .where(standing)
    .groupBy(bids.stoneId);
  return {
    round,
    stones: openRows,
    stats: new Map(stats.map((s) => [s.stoneId, { max: s.max ?? 0, count: s.count }])),
  };
}

export type MyBids = Map<string, { value: number; placedAt: Date }>;

/**
 * The standing bids of these customers in a round, by customer and stone. Every watcher's view is
 * refreshed with it (all of an instance's bidders in one read): the customers go as one array
 * parameter and the rows are mapped here, since the query builder's rendering of a parameter per
 * customer and its generic mapping of every bid row were most of the read (decision 069).
 */
export async function readMyBids(db: Executor, roundId: string, customerIds: string[]) {
  const byCustomer = new Map<string, MyBids>(customerIds.map((id) => [id, new Map()]));
  if (customerIds.length === 0) return byCustomer;
  const found = await rows<{ customer_id: string; stone_id: string; value: number; placed_ms: number }>(
    db,
    sql`select customer_id, stone_id, value, floor(extract(epoch from placed_at) * 1000)::float8 as placed_ms
        from ${bids}
        where round_id = ${roundId} and canceled_at is null
          and customer_id = any(${`{${customerIds.join(',')}}`}::uuid[])`,
  );
  for (const b of found) {
    byCustomer.get(b.customer_id)?.set(b.stone_id, { value: b.value, placedAt: new Date(b.placed_ms) });
  }
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
export async function newArrivalView(
  deps: NewArrivalDeps,
  customerId: string,
  known?: BoardStones,
): Promise<BidStones> {
  await requireApproved(deps.db, customerId);
  const round = await currentNewArrivalRound(deps);
  const board = await readBoard(deps.db, round, deps.clock.now(), known);
  const mine = await readMyBids(deps.db, round.id, [customerId]);
  return viewOfBoard(board, customerId, mine.get(customerId)!);
}
