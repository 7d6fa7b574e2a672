import { RESERVATION_LIMITS } from '@loupe/contract/cart';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { findCustomerByEmail } from '../customers/index.ts';
import { createNotice, readableDate, stonesPhrase } from '../notices/index.ts';
import { holdStones, lockStonesByLot, type StoneRow, statusAt } from '../stones/index.ts';
import { lockCart, putStonesInCart } from './cart-rows.ts';
import { noticeHoldEnded } from './hold-sweep.ts';

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

/**
 * What a hold and a memo share, in the caller's transaction: the customer's cart locked first (the
 * one lock rule), the stones locked and reserved by `reserve` (which refuses stones that are not
 * free), a former holder of a lapsed hold told, and the stones put in the cart as far as it has
 * room. Answers the stones, in the order named, and the lot ids left out of the full cart.
 */
export async function reserveIntoCart(
  tx: Tx,
  clock: Clock,
  input: { customerId: string; lots: readonly string[]; now: Date },
  reserve: (rows: StoneRow[]) => Promise<unknown>,
) {
  const { customerId, now } = input;
  await lockCart(tx, customerId);
  const rows = await lockStonesByLot(tx, input.lots);
  await reserve(rows);
  await noticeLapsedHoldsTakenOver(tx, clock, rows, customerId, now);
  const put = await putStonesInCart(tx, {
    customerId,
    stoneIds: rows.map((r) => r.id),
    at: now,
    whenFull: 'fit',
  });
  const lotOf = new Map(rows.map((r) => [r.id, r.lotId]));
  return { rows, notInCart: put.notAdded.map((id) => lotOf.get(id)!) };
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
  const customer = await findCustomerByEmail(db, input.email);
  return db.transaction(async (tx) => {
    const { rows, notInCart } = await reserveIntoCart(
      tx,
      clock,
      { customerId: customer.id, lots: input.lots, now },
      (held) => holdStones(tx, held, customer.id, until, now),
    );
    const names = rows.map((r) => r.lotId);
    await createNotice(tx, clock, {
      customerId: customer.id,
      kind: 'stone_on_hold',
      title: names.length === 1 ? 'Stone on hold for you' : 'Stones on hold for you',
      message: `${stonesPhrase(names)} ${names.length === 1 ? 'is' : 'are'} on hold for you until ${readableDate(until)}. Confirm ${names.length === 1 ? 'it' : 'them'} from the Hold tab of your cart before then.`,
      targetPage: 'my-cart:hold',
    });
    return {
      customer_email: customer.email,
      lot_ids: names,
      until: until.toISOString(),
      not_in_cart: notInCart,
    };
  });
}
