import type { BidToBuyRow, BidToBuyStones } from '@loupe/contract/bid-to-buy';
import { BID_LIMITS, type BidPlaced } from '@loupe/contract/bidding';
import type { StoneFilters } from '@loupe/contract/search-filters';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { and, asc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor, Tx } from '../../platform/db/client.ts';
import { bids, stones, textSearchReports } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { type BidToBuyEvent, getBidToBuyEvent, planBidToBuyEvent } from '../portal/index.ts';
import { stoneConditions } from '../search/index.ts';
import {
  offerForBidToBuy,
  priceOf,
  requireApprovedKyc,
  returnBidToBuyStones,
  round2,
  type StockViewer,
  type StoneRow,
  selectStones,
  statusRank,
  toStone,
  viewOf,
} from '../stones/index.ts';
import { closeLockedRound, closeRoundJob } from './close-round.ts';
import { placed, recordBid, withdrawBids } from './place-bid.ts';
import { type BidRound, findOpenRound, insertRound, lockOpenRound } from './rounds.ts';
import { readSocketViewer } from './socket-viewer.ts';

export interface BidToBuyDeps {
  db: Database;
  clock: Clock;
}

const BID_TO_BUY = statusRank('BidToBuy');

/** The event floor: 5 points below the stone's own discount. */
export const floorOf = (stone: StoneRow) => round2(stone.discount - BID_LIMITS.bidToBuyFloorPoints);

/**
 * An event stone's price at the event floor: the discount, $/ct and amount its rows show (pins
 * "Bid to buy": `discount` is the floor, and $/ct and amount follow from list price and discount).
 */
export const floorPriceOf = (stone: StoneRow) => priceOf(stone.rapPerCarat, floorOf(stone), stone.carats);

const KYC_TO_BID = 'Complete your KYC to bid on bid-to-buy stones.';

async function runningEvent(db: Executor, now: Date): Promise<BidToBuyEvent> {
  const { running } = await getBidToBuyEvent(db, now);
  if (!running) throw new AppError('INACTIVE_BID_TO_BUY');
  return running;
}

/**
 * The bidding round of a running event, locked; opened (with its close job at the event's end)
 * on the event's first bid. A round left open by an event that has ended is closed first.
 */
async function lockEventRound(tx: Tx, clock: Clock, event: BidToBuyEvent): Promise<BidRound> {
  const open = await lockOpenRound(tx, 'bid_to_buy');
  if (open?.eventId === event.id) return open;
  if (open) await closeLockedRound(tx, clock, open, undefined);
  const round = await insertRound(tx, {
    kind: 'bid_to_buy',
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    eventId: event.id,
  });
  if (round)
    await enqueueJob(tx, closeRoundJob, { roundId: round.id }, { key: round.id, runAt: round.endsAt });
  const locked = await lockOpenRound(tx, 'bid_to_buy');
  if (!locked || locked.eventId !== event.id)
    throw new AppError('CONFLICT', 'The bid-to-buy event changed. Please try again.');
  return locked;
}

/**
 * An event stone as a bidder sees it: priced at the event floor, with the stone's own discount as
 * `original_discount`. Without approved KYC every price stays withheld, as toStone withholds it.
 */
function toRow(row: StoneRow, viewer: StockViewer, mine?: { value: number; placedAt: Date }): BidToBuyRow {
  const stone = toStone(row, viewOf(viewer));
  const floor = viewer.kycApproved ? floorPriceOf(row) : null;
  return {
    ...stone,
    original_discount: stone.discount,
    discount: floor?.discount ?? null,
    price_per_carat: floor?.pricePerCarat ?? null,
    amount: floor?.amount ?? null,
    my_current_bid: mine?.value ?? null,
    last_bid_date: mine?.placedAt.toISOString() ?? null,
  };
}

async function reportKeywords(db: Executor, customerId: string, reportId: string): Promise<string[]> {
  const [report] = await db
    .select({ found: textSearchReports.foundKeywords })
    .from(textSearchReports)
    .where(and(eq(textSearchReports.id, reportId), eq(textSearchReports.customerId, customerId)));
  if (!report) throw new AppError('NOT_FOUND', 'This stone id search is not yours or no longer exists.');
  return report.found.map((k) => k.toLowerCase());
}

export interface BidToBuyQuery {
  limit: number;
  textSearchReportId?: string;
  filters?: StoneFilters;
}

/**
 * `GET /store/bid-to-buy`: the running event's end, its stones matching a filter or a stone id
 * search (none without either), and every stone I bid on. Sealed: only my own bids show.
 */
export async function bidToBuyViewOf(
  deps: BidToBuyDeps,
  viewer: StockViewer,
  query: BidToBuyQuery,
): Promise<BidToBuyStones> {
  const { db, clock } = deps;
  const { customerId } = viewer;
  const now = clock.now();
  const event = await runningEvent(db, now);
  const round = await findOpenRound(db, 'bid_to_buy');
  const mine = new Map<string, { value: number; placedAt: Date }>();
  if (round?.eventId === event.id) {
    const found = await db
      .select({ stoneId: bids.stoneId, value: bids.value, placedAt: bids.placedAt })
      .from(bids)
      .where(and(eq(bids.roundId, round.id), eq(bids.customerId, customerId), isNull(bids.canceledAt)));
    for (const b of found) mine.set(b.stoneId, { value: b.value, placedAt: b.placedAt });
  }
  const active =
    mine.size === 0
      ? []
      : await selectStones(db, {
          where: and(eq(stones.status, BID_TO_BUY), inArray(stones.id, [...mine.keys()]))!,
          orderBy: [asc(stones.lotId)],
        });

  let candidates: StoneRow[] = [];
  if (query.filters || query.textSearchReportId) {
    const where: SQL[] = [stoneConditions(query.filters ?? {}, { stock: 'bid_to_buy', now })];
    if (query.textSearchReportId) {
      const keywords = await reportKeywords(db, customerId, query.textSearchReportId);
      where.push(
        keywords.length === 0
          ? sql`false`
          : or(
              inArray(sql`lower(${stones.lotId})`, keywords),
              inArray(sql`lower(${stones.certificateNumber})`, keywords),
            )!,
      );
    }
    if (mine.size > 0) where.push(notInArray(stones.id, [...mine.keys()]));
    candidates = await selectStones(db, {
      where: and(...where)!,
      orderBy: [asc(stones.lotId)],
      limit: query.limit,
    });
  }
  return {
    endTime: event.endsAt.toISOString(),
    bidStone: candidates.map((row) => toRow(row, viewer)),
    activeStone: active.map((row) => toRow(row, viewer, mine.get(row.id))),
  };
}

/**
 * The `/bidding` socket's `get_bidtobuy_stones`: the same view, for the customer's KYC as it is now
 * (a socket's session is read once, when it connects).
 */
export async function bidToBuyView(deps: BidToBuyDeps, customerId: string, query: BidToBuyQuery) {
  const viewer = await readSocketViewer(deps.db, customerId);
  // Pins: only KYC-approved customers read the `/bidding` socket; any other's emit is refused.
  requireApprovedKyc(viewer, KYC_TO_BID);
  return bidToBuyViewOf(deps, viewer, query);
}

/** `POST /store/bid-to-buy`: a sealed first bid above the event floor, or a raise of my own. */
export async function placeBidToBuy(
  deps: BidToBuyDeps,
  viewer: StockViewer,
  bid: { product_id: string; bid_value: number },
): Promise<BidPlaced> {
  const { db, clock } = deps;
  requireApprovedKyc(viewer, KYC_TO_BID);
  await db.transaction(async (tx) => {
    const now = clock.now();
    const event = await runningEvent(tx, now);
    const round = await lockEventRound(tx, clock, event);
    const [stone] = await selectStones(tx, { where: eq(stones.id, bid.product_id) });
    if (!stone || stone.status !== BID_TO_BUY) {
      throw new AppError('BID_NOT_OPEN', 'This stone is not in the bid-to-buy event.');
    }
    await recordBid(tx, {
      roundId: round.id,
      stoneId: stone.id,
      customerId: viewer.customerId,
      value: bid.bid_value,
      floor: floorOf(stone),
      now,
      openWithoutBids: true,
      announce: false,
    });
  });
  return placed(bid.product_id, bid.bid_value);
}

/** `DELETE /store/bid-to-buy`: withdraws my bids on these event stones. */
export async function cancelBidToBuy(deps: BidToBuyDeps, viewer: StockViewer, stoneIds: string[]) {
  const { db, clock } = deps;
  requireApprovedKyc(viewer, KYC_TO_BID);
  await db.transaction(async (tx) => {
    const now = clock.now();
    const event = await runningEvent(tx, now);
    const round = await lockEventRound(tx, clock, event);
    await withdrawBids(tx, round, viewer.customerId, stoneIds, now);
  });
}

/**
 * `bid-to-buy open <end> [count]`: an event from now to `endsAt` with `count` Available stones
 * (new arrivals left out) at a floor 5 points below their discount. Stones a past event left
 * behind go back to stock first.
 */
export async function openBidToBuyEvent(deps: BidToBuyDeps, endsAt: Date, count: number) {
  const { db, clock } = deps;
  const now = clock.now();
  if (endsAt <= now) {
    throw new AppError('VALIDATION_FAILED', 'The event must end in the future.', [
      { path: 'ends_at', message: 'The event must end in the future' },
    ]);
  }
  return db.transaction(async (tx) => {
    const { running } = await getBidToBuyEvent(tx, now);
    if (running) {
      throw new AppError(
        'CONFLICT',
        `A bid-to-buy event runs until ${running.endsAt.toISOString()}. Close it first.`,
      );
    }
    await returnBidToBuyStones(tx, now);
    const since = new Date(now.getTime() - STOCK_LIMITS.newArrivalHours * 3_600_000);
    const offered = await offerForBidToBuy(tx, count, since, now);
    const event = await planBidToBuyEvent(tx, {
      name: `Bid to buy ${now.toISOString().slice(0, 7)}`,
      startsAt: now,
      endsAt,
      stoneCount: offered.length,
    });
    await lockEventRound(tx, clock, event);
    return { event_id: event.id, ends_at: event.endsAt.toISOString(), stone_count: offered.length };
  });
}

/** `bid-to-buy close`: ends the running event now and awards its stones. */
export async function closeBidToBuyEvent(deps: BidToBuyDeps) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const event = await runningEvent(tx, clock.now());
    const round = await lockEventRound(tx, clock, event);
    const closed = await closeLockedRound(tx, clock, { ...round, endsAt: event.endsAt }, undefined);
    return { awarded: closed.awarded, unsold: closed.unsold, returned: closed.returned };
  });
}
