import { RESERVATION_LIMITS } from '@loupe/contract/cart';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Executor, Tx } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { createNotice, readableDate, stonesPhrase } from '../notices/index.ts';
import { holdStones, lockStonesByLot, type StoneRow, statusAt } from '../stones/index.ts';
import { lockCart, putStonesInCart } from './cart-rows.ts';
import { noticeHoldEnded } from './hold-sweep.ts';

/**
 * The customer the sales team names by email (any case); 404 names the address. Read here: the
 * customers area reads the cart (its count), so the cart does not import customers.
 */
export async function customerForReservation(db: Executor, email: string) {
  const [c] = await db
    .select({ id: customers.id, email: customers.email, kycStatus: customers.kycStatus })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  if (!c) throw new AppError('NOT_FOUND', `No customer with the email ${email}.`);
  return c;
}

/**
 * A lapsed hold the sweep has not returned yet is free to take; its former holder hears that the
 * hold ended, as the sweep would have told them. `rows` are the stones as they were before.
 */
export async function noticeLapsedHoldsTakenOver(
  tx: Tx,
  clock: Clock,
  rows: readonly StoneRow[],
  customerId: string,
  now: Date,
) {
  const lapsed = new Map<string, string[]>();
  for (const r of rows) {
    const taken =
      statusAt(r.status) === 'Hold' &&
      r.reservedFor !== null &&
      r.reservedFor !== customerId &&
      r.reservedUntil !== null &&
      r.reservedUntil <= now;
    if (taken) lapsed.set(r.reservedFor!, [...(lapsed.get(r.reservedFor!) ?? []), r.lotId]);
  }
  for (const [formerHolder, lots] of lapsed) await noticeHoldEnded(tx, clock, formerHolder, lots);
}

const DAY = 86_400_000;

/**
 * When a hold or a memo ends: the date asked for, or `days` from now, or the kind's default. A date
 * must lie ahead, and within a year (a longer one is surely a typing error).
 */
export function reservationEnd(
  input: { days?: number; until?: string },
  now: Date,
  defaultDays: number,
): Date {
  if (input.until === undefined) return new Date(now.getTime() + (input.days ?? defaultDays) * DAY);
  const until = new Date(input.until);
  if (until <= now) throw new AppError('VALIDATION_FAILED', 'The until date must be in the future.');
  if (until.getTime() > now.getTime() + RESERVATION_LIMITS.maxDays * DAY) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The until date must be within ${RESERVATION_LIMITS.maxDays} days.`,
    );
  }
  return until;
}

export interface HoldResult {
  customer_email: string;
  lot_ids: string[];
  until: string;
  /** Stones held but not put in the cart, which was full. */
  not_in_cart: string[];
}

/**
 * `stone hold`: the sales team puts stones aside for a customer until a date and into their cart,
 * with a notice, in one transaction. Every stone must be free (or lapsed, or on hold for this
 * customer already: the date moves), or nothing changes. The cart is locked first, by the same
 * rule as the customer's own adds, so a hold never passes the cart's limit: what does not fit is
 * held but left out of the cart, and said so.
 */
export async function holdStonesForCustomer(
  db: Database,
  clock: Clock,
  input: { email: string; lots: readonly string[]; until: Date },
): Promise<HoldResult> {
  const now = clock.now();
  const { until } = input;
  const customer = await customerForReservation(db, input.email);
  return db.transaction(async (tx) => {
    await lockCart(tx, customer.id);
    const rows = await lockStonesByLot(tx, input.lots);
    await holdStones(tx, rows, customer.id, until, now);
    await noticeLapsedHoldsTakenOver(tx, clock, rows, customer.id, now);
    const put = await putStonesInCart(tx, {
      customerId: customer.id,
      stoneIds: rows.map((r) => r.id),
      at: now,
      whenFull: 'fit',
    });
    const names = rows.map((r) => r.lotId);
    await createNotice(tx, clock, {
      customerId: customer.id,
      kind: 'stone_on_hold',
      title: names.length === 1 ? 'Stone on hold for you' : 'Stones on hold for you',
      message: `${stonesPhrase(names)} ${names.length === 1 ? 'is' : 'are'} on hold for you until ${readableDate(until)}. Confirm ${names.length === 1 ? 'it' : 'them'} from the Hold tab of your cart before then.`,
      targetPage: 'my-cart:hold',
    });
    const lotOf = new Map(rows.map((r) => [r.id, r.lotId]));
    return {
      customer_email: customer.email,
      lot_ids: names,
      until: until.toISOString(),
      not_in_cart: put.notAdded.map((id) => lotOf.get(id)!),
    };
  });
}
