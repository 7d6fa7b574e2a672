import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { type StoneRow, statusAt, statusRank } from './stone-columns.ts';
import { selectStones, stoneIdIn } from './stone-rows.ts';

/**
 * Every change of a stone's status and of whom it is reserved for, and nowhere else: put on hold,
 * sent on memo, released, sold, returned to stock, a lapsed hold swept back. Each runs in the
 * caller's transaction (a cart row, an order or a notice changes with it) and refuses a stone in
 * the wrong state with the reason, so nothing changes.
 */

const AVAILABLE = statusRank('Available');
const HOLD = statusRank('Hold');
const MEMO = statusRank('Memo');
const SOLD = statusRank('Sold');

/**
 * The stones of these lot ids (any case), locked for the transaction in id order, answered in the
 * order given; every one must exist. FOR NO KEY UPDATE is the lock an UPDATE takes: a cart insert
 * elsewhere (whose foreign key takes KEY SHARE) is not blocked by it.
 */
export async function lockStonesByLot(tx: Tx, lots: readonly string[]): Promise<StoneRow[]> {
  const found = await tx
    .select()
    .from(stones)
    .where(
      inArray(
        sql`lower(${stones.lotId})`,
        lots.map((l) => l.toLowerCase()),
      ),
    )
    .orderBy(asc(stones.id))
    .for('no key update');
  const byLot = new Map(found.map((r) => [r.lotId.toLowerCase(), r]));
  const missing = lots.filter((l) => !byLot.has(l.toLowerCase()));
  if (missing.length > 0) {
    throw new AppError(
      'NOT_FOUND',
      `No stone with the stock number ${missing.join(', ')}. Nothing was changed.`,
    );
  }
  return lots.map((l) => byLot.get(l.toLowerCase())!);
}

/**
 * The stones of these ids that exist, locked in id order (unknown ids are simply missing). Read as
 * `selectStones` reads rows: the query builder's rendering of the table's seventy-odd columns was
 * half a millisecond of the server's thread at every confirmation (decision 069).
 */
export async function lockStonesById(tx: Tx, ids: readonly string[]): Promise<Map<string, StoneRow>> {
  const found = await selectStones(tx, { where: stoneIdIn(ids), orderBy: [asc(stones.id)], lock: true });
  return new Map(found.map((row) => [row.id, row]));
}

/**
 * Why a stone cannot be put aside for this customer now, or null when it can: it is available, its
 * hold has lapsed (the sweep has not come by yet), or it is on hold for this very customer (a new
 * hold moves the date; a memo takes the held stone).
 */
export function reserveBlocker(stone: StoneRow, customerId: string, now: Date): string | null {
  const status = statusAt(stone.status);
  if (status === 'Available') return null;
  if (status === 'Hold') {
    const lapsed = stone.reservedUntil !== null && stone.reservedUntil <= now;
    return lapsed || stone.reservedFor === customerId ? null : 'on hold';
  }
  if (status === 'Memo') return 'on memo';
  if (status === 'Sold') return 'sold';
  return 'in the bid-to-buy event';
}

function assertReservable(rows: readonly StoneRow[], customerId: string, now: Date) {
  const blocked = rows
    .map((s) => ({ lot: s.lotId, why: reserveBlocker(s, customerId, now) }))
    .filter((b) => b.why !== null);
  if (blocked.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Not available: ${blocked.map((b) => `${b.lot} is ${b.why}`).join('; ')}. Nothing was changed.`,
    );
  }
}

async function reserve(
  tx: Tx,
  rows: readonly StoneRow[],
  status: number,
  customerId: string,
  until: Date | null,
  now: Date,
) {
  assertReservable(rows, customerId, now);
  await tx
    .update(stones)
    .set({ status, reservedFor: customerId, reservedUntil: until, updatedAt: now })
    .where(
      inArray(
        stones.id,
        rows.map((r) => r.id),
      ),
    );
}

/** Puts locked stones on hold for a customer until a date (stones that are not free are refused). */
export function holdStones(tx: Tx, rows: readonly StoneRow[], customerId: string, until: Date, now: Date) {
  return reserve(tx, rows, HOLD, customerId, until, now);
}

/** Sends locked stones to a customer on memo, due back by a date or open-ended (null). */
export function sendOnMemo(
  tx: Tx,
  rows: readonly StoneRow[],
  customerId: string,
  dueAt: Date | null,
  now: Date,
) {
  return reserve(tx, rows, MEMO, customerId, dueAt, now);
}

/** Ends holds and takes stones back from memo: they are Available to every buyer again. */
export async function releaseStones(tx: Tx, rows: readonly StoneRow[], now: Date) {
  const wrong = rows.filter((r) => r.status !== HOLD && r.status !== MEMO);
  if (wrong.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Neither on hold nor on memo: ${wrong.map((r) => `${r.lotId} (${statusAt(r.status)})`).join(', ')}. Nothing was changed.`,
    );
  }
  await setAvailable(
    tx,
    rows.map((r) => r.id),
    now,
  );
}

/**
 * Marks stones Sold and ends whatever they were reserved for. Who may buy each stone is the
 * caller's check (standingOf); a stone already sold is refused here whatever the caller thought.
 */
export async function markSold(tx: Tx, stoneIds: readonly string[], now: Date) {
  const ids = [...new Set(stoneIds)];
  const sold = await tx
    .update(stones)
    .set({ status: SOLD, reservedFor: null, reservedUntil: null, updatedAt: now })
    .where(and(inArray(stones.id, ids), sql`${stones.status} <> ${SOLD}`))
    .returning({ id: stones.id });
  if (sold.length !== ids.length) {
    throw new AppError('CONFLICT', 'A stone of this sale is sold already. Nothing was changed.');
  }
}

/** A sale undone (a canceled order): its sold stones go back to stock; others are left as they are. */
export async function returnSoldToStock(tx: Tx, stoneIds: readonly string[], now: Date) {
  if (stoneIds.length === 0) return;
  await tx
    .update(stones)
    .set({ status: AVAILABLE, reservedFor: null, reservedUntil: null, updatedAt: now })
    .where(and(inArray(stones.id, [...stoneIds]), eq(stones.status, SOLD)));
}

async function setAvailable(tx: Tx, stoneIds: readonly string[], now: Date) {
  await tx
    .update(stones)
    .set({ status: AVAILABLE, reservedFor: null, reservedUntil: null, updatedAt: now })
    .where(inArray(stones.id, [...stoneIds]));
}

/**
 * Returns every hold whose date has passed to Available and clears whom it was for, answering the
 * stones and their former holders. The stones are claimed in the one UPDATE with
 * `FOR UPDATE SKIP LOCKED`, so with several instances sweeping at once each lapsed hold is
 * returned exactly once. A memo's due date releases nothing: the stone is with the customer.
 */
export function returnLapsedHolds(tx: Tx, now: Date) {
  return rows<{ lot_id: string; reserved_for: string | null }>(
    tx,
    sql`
      UPDATE stones
      SET status = ${AVAILABLE}, reserved_for = NULL, reserved_until = NULL,
          updated_at = ${now.toISOString()}
      FROM (
        SELECT id, reserved_for FROM stones
        WHERE status = ${HOLD} AND reserved_until <= ${now.toISOString()}
        ORDER BY id
        FOR UPDATE SKIP LOCKED
      ) lapsed
      WHERE stones.id = lapsed.id
      RETURNING stones.lot_id, lapsed.reserved_for`,
  );
}

/** Moves the date of holds (the demo keeps its holds about to lapse); other stones are refused. */
export async function moveHoldDates(tx: Tx, stoneIds: readonly string[], until: Date) {
  if (stoneIds.length === 0) return;
  const moved = await tx
    .update(stones)
    .set({ reservedUntil: until })
    .where(and(inArray(stones.id, [...stoneIds]), eq(stones.status, HOLD)))
    .returning({ id: stones.id });
  if (moved.length !== new Set(stoneIds).size) {
    throw new AppError('CONFLICT', 'Only a stone on hold has a hold date to move. Nothing was changed.');
  }
}

const BID_TO_BUY = statusRank('BidToBuy');

/**
 * Sets aside up to `count` Available stones for a bid-to-buy event (status BidToBuy), leaving out
 * the new arrivals (they are bid on in their own round); answers their ids.
 * The stones are claimed with SKIP LOCKED, so a confirmation under way keeps its stone.
 */
export async function offerForBidToBuy(tx: Tx, count: number, newArrivalsSince: Date, now: Date) {
  const offered = await rows<{ id: string }>(
    tx,
    sql`
      UPDATE stones SET status = ${BID_TO_BUY}, updated_at = ${now.toISOString()}
      FROM (
        SELECT id FROM stones
        WHERE status = ${AVAILABLE} AND certified_at <= ${newArrivalsSince.toISOString()}
        ORDER BY id
        LIMIT ${count}
        FOR UPDATE SKIP LOCKED
      ) chosen
      WHERE stones.id = chosen.id
      RETURNING stones.id`,
  );
  return offered.map((r) => r.id);
}

/** Ends a bid-to-buy event's hold on its stones: every stone still BidToBuy is Available again. */
export async function returnBidToBuyStones(tx: Tx, now: Date): Promise<number> {
  const returned = await tx
    .update(stones)
    .set({ status: AVAILABLE, updatedAt: now })
    .where(eq(stones.status, BID_TO_BUY))
    .returning({ id: stones.id });
  return returned.length;
}
