import { CART_LIMITS } from '@loupe/contract/cart';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { noticeHoldEnded } from '../../areas/cart/index.ts';
import { createNotice } from '../../areas/notices/index.ts';
import { closeFinishedMemos, memoNumberOf } from '../../areas/orders/index.ts';
import { statusAt, statusRank } from '../../areas/stones/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { cartItems, customers, memoOrderItems, stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { createMemoOrder } from '../seed/order-factory.ts';

/**
 * `stone hold`, `memo issue` and `stone release`: the sales team puts stones aside for a customer
 * and takes them back. Every stone named must allow the change, or nothing changes; the stones,
 * the customer's cart and their notice change in one transaction.
 */

const DAY = 86_400_000;
const DEFAULT_HOLD_DAYS = 2;
const DEFAULT_MEMO_DAYS = 14;
/** Reservations longer than this are surely a typing error. */
const MAX_RESERVATION_DAYS = 365;

type Deps = { db: Database; clock: Clock };
type Tx = Database;
type StoneRow = typeof stones.$inferSelect;

/** "May 6, 2026, 6:00 PM UTC": how a date reads in a notice. */
function readableDate(date: Date): string {
  return `${date.toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
}

function stonesPhrase(lots: string[]): string {
  return lots.length === 1 ? lots[0]! : `${lots.length} stones (${lots.join(', ')})`;
}

function lotIdsOf(args: string[]): string[] {
  const seen = new Set<string>();
  const lots: string[] = [];
  for (const lot of args.flatMap((a) => a.split(',')).map((a) => a.trim())) {
    if (lot && !seen.has(lot.toLowerCase())) {
      seen.add(lot.toLowerCase());
      lots.push(lot);
    }
  }
  return lots;
}

/** `<email> <lot_id...> [--days N | --until <ISO date>]` */
function parseReservation(rest: string[], usage: string, defaultDays: number, now: Date) {
  const [email, ...others] = rest;
  const positional: string[] = [];
  let until: Date | null = null;
  let given = 0;
  for (let i = 0; i < others.length; i++) {
    const arg = others[i]!;
    if (arg === '--days') {
      const value = others[++i] ?? '';
      const days = Number(value);
      if (!/^\d+$/.test(value) || days < 1 || days > MAX_RESERVATION_DAYS) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Give --days as a whole number from 1 to ${MAX_RESERVATION_DAYS}.`,
        );
      }
      until = new Date(now.getTime() + days * DAY);
      given++;
    } else if (arg === '--until') {
      const value = others[++i] ?? '';
      const date = new Date(value);
      if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(date.getTime())) {
        throw new AppError('VALIDATION_FAILED', 'Give --until as an ISO date, e.g. 2026-12-01T18:00:00Z.');
      }
      if (date <= now) throw new AppError('VALIDATION_FAILED', 'The --until date must be in the future.');
      if (date.getTime() > now.getTime() + MAX_RESERVATION_DAYS * DAY) {
        throw new AppError(
          'VALIDATION_FAILED',
          `The --until date must be within ${MAX_RESERVATION_DAYS} days.`,
        );
      }
      until = date;
      given++;
    } else if (arg.startsWith('--')) {
      throw new AppError('VALIDATION_FAILED', `Unknown option ${arg}: ${usage}`);
    } else {
      positional.push(arg);
    }
  }
  if (given > 1) throw new AppError('VALIDATION_FAILED', `Give either --days or --until, once: ${usage}`);
  const lots = lotIdsOf(positional);
  if (!email || email.startsWith('--') || lots.length === 0) {
    throw new AppError('VALIDATION_FAILED', `Name the customer and at least one stone: ${usage}`);
  }
  if (lots.length > CART_LIMITS.maxStones) {
    throw new AppError('VALIDATION_FAILED', `At most ${CART_LIMITS.maxStones} stones at a time.`);
  }
  return { email, lots, until: until ?? new Date(now.getTime() + defaultDays * DAY) };
}

async function findCustomer(db: Database, email: string) {
  const [c] = await db
    .select({ id: customers.id, email: customers.email, kycStatus: customers.kycStatus })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  if (!c) throw new AppError('NOT_FOUND', `No customer with the email ${email}.`);
  return c;
}

/** The stones of these lot ids, locked for the transaction, in the order given; every one must exist. */
async function lockStones(tx: Tx, lots: string[]): Promise<StoneRow[]> {
  const rows = await tx
    .select()
    .from(stones)
    .where(
      inArray(
        sql`lower(${stones.lotId})`,
        lots.map((l) => l.toLowerCase()),
      ),
    )
    .orderBy(stones.id)
    .for('update');
  const byLot = new Map(rows.map((r) => [r.lotId.toLowerCase(), r]));
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
 * Why a stone cannot be put aside for this customer now, or null when it can: it is available, its
 * hold has lapsed (the sweep has not come by yet), or it is on hold for this very customer (a new
 * hold moves the date; a memo takes the held stone).
 */
function reserveBlocker(stone: StoneRow, customerId: string, now: Date): string | null {
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

function assertReservable(stonesToReserve: StoneRow[], customerId: string, now: Date) {
  const blocked = stonesToReserve
    .map((s) => ({ lot: s.lotId, why: reserveBlocker(s, customerId, now) }))
    .filter((b) => b.why !== null);
  if (blocked.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Not available: ${blocked.map((b) => `${b.lot} is ${b.why}`).join('; ')}. Nothing was changed.`,
    );
  }
}

/**
 * Puts the stones in the customer's cart unless already there, up to the cart's limit. Answers the
 * lot ids that did not fit.
 */
async function addToCart(tx: Tx, customerId: string, rows: StoneRow[], now: Date): Promise<string[]> {
  const present = await tx
    .select({ stoneId: cartItems.stoneId })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId));
  const inCart = new Set(present.map((p) => p.stoneId));
  const fresh = rows.filter((r) => !inCart.has(r.id));
  const room = Math.max(0, CART_LIMITS.maxStones - present.length);
  const added = fresh.slice(0, room);
  if (added.length > 0) {
    await tx
      .insert(cartItems)
      .values(added.map((r) => ({ customerId, stoneId: r.id, createdAt: now })))
      .onConflictDoNothing();
  }
  return fresh.slice(room).map((r) => r.lotId);
}

/**
 * A lapsed hold the sweep has not returned yet is free to take; its former holder hears that the
 * hold ended, as the sweep would have told them.
 */
async function noticeLapsedHoldsTakenOver(
  tx: Tx,
  clock: Clock,
  rows: StoneRow[],
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

function cartNote(notAdded: string[]): string {
  return notAdded.length > 0 ? ` Not added to the full cart: ${notAdded.join(', ')}.` : '';
}

export async function holdStones({ db, clock }: Deps, rest: string[]): Promise<string> {
  const now = clock.now();
  const { email, lots, until } = parseReservation(
    rest,
    'stone hold <email> <lot_id...> [--days N | --until <ISO date>]',
    DEFAULT_HOLD_DAYS,
    now,
  );
  const customer = await findCustomer(db, email);
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const rows = await lockStones(tx, lots);
    assertReservable(rows, customer.id, now);
    await noticeLapsedHoldsTakenOver(tx, clock, rows, customer.id, now);
    await tx
      .update(stones)
      .set({ status: statusRank('Hold'), reservedFor: customer.id, reservedUntil: until, updatedAt: now })
      .where(
        inArray(
          stones.id,
          rows.map((r) => r.id),
        ),
      );
    const notAdded = await addToCart(tx, customer.id, rows, now);
    const names = rows.map((r) => r.lotId);
    await createNotice(tx, clock, {
      customerId: customer.id,
      kind: 'stone_on_hold',
      title: names.length === 1 ? 'Stone on hold for you' : 'Stones on hold for you',
      message: `${stonesPhrase(names)} ${names.length === 1 ? 'is' : 'are'} on hold for you until ${readableDate(until)}. Confirm ${names.length === 1 ? 'it' : 'them'} from the Hold tab of your cart before then.`,
      targetPage: 'my-cart:hold',
    });
    return `${names.length === 1 ? '1 stone' : `${names.length} stones`} on hold for ${customer.email} until ${until.toISOString()}: ${names.join(', ')}.${cartNote(notAdded)}`;
  });
}

export async function issueMemo({ db, clock }: Deps, rest: string[]): Promise<string> {
  const now = clock.now();
  const { email, lots, until } = parseReservation(
    rest,
    'memo issue <email> <lot_id...> [--days N | --until <ISO date>]',
    DEFAULT_MEMO_DAYS,
    now,
  );
  const customer = await findCustomer(db, email);
  if (customer.kycStatus !== 'approved') {
    throw new AppError(
      'KYC_REQUIRED',
      `The KYC of ${customer.email} is not approved; stones go on memo only to approved customers.`,
    );
  }
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const rows = await lockStones(tx, lots);
    assertReservable(rows, customer.id, now);
    await noticeLapsedHoldsTakenOver(tx, clock, rows, customer.id, now);
    const { memoOrder } = await createMemoOrder(tx, clock, {
      customerId: customer.id,
      stoneIds: rows.map((r) => r.id),
      dueAt: until,
      issuedAt: now,
    });
    const notAdded = await addToCart(tx, customer.id, rows, now);
    const names = rows.map((r) => r.lotId);
    const memo = memoNumberOf(memoOrder.memoNumber);
    await createNotice(tx, clock, {
      customerId: customer.id,
      kind: 'stone_on_memo',
      title: names.length === 1 ? 'Stone on memo' : 'Stones on memo',
      message: `${memo}: ${stonesPhrase(names)} ${names.length === 1 ? 'is' : 'are'} on memo with you, due back by ${readableDate(until)}. Buy or return ${names.length === 1 ? 'it' : 'them'} by then.`,
      targetPage: 'my-cart:memo',
    });
    return `${memo} issued to ${customer.email}: ${names.join(', ')}, due back by ${until.toISOString()}.${cartNote(notAdded)}`;
  });
}

export async function releaseStones({ db, clock }: Deps, rest: string[]): Promise<string> {
  const unknown = rest.find((a) => a.startsWith('--'));
  if (unknown)
    throw new AppError('VALIDATION_FAILED', `Unknown option ${unknown}: stone release <lot_id...>`);
  const lots = lotIdsOf(rest);
  if (lots.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Name at least one stone: stone release <lot_id...>');
  if (lots.length > CART_LIMITS.maxStones) {
    throw new AppError('VALIDATION_FAILED', `At most ${CART_LIMITS.maxStones} stones at a time.`);
  }
  const now = clock.now();
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const rows = await lockStones(tx, lots);
    const wrong = rows.filter((r) => !['Hold', 'Memo'].includes(statusAt(r.status)));
    if (wrong.length > 0) {
      throw new AppError(
        'CONFLICT',
        `Neither on hold nor on memo: ${wrong.map((r) => `${r.lotId} (${statusAt(r.status)})`).join(', ')}. Nothing was changed.`,
      );
    }
    const held = rows.filter((r) => statusAt(r.status) === 'Hold');
    const onMemo = rows.filter((r) => statusAt(r.status) === 'Memo');

    // Memo stones come back: their open memo items are returned, and a memo with nothing left out closes.
    const returned = onMemo.length
      ? await tx
          .update(memoOrderItems)
          .set({ status: 'returned', closedAt: now })
          .where(
            and(
              eq(memoOrderItems.status, 'on_memo'),
              inArray(
                memoOrderItems.stoneId,
                onMemo.map((r) => r.id),
              ),
            ),
          )
          .returning({ memoOrderId: memoOrderItems.memoOrderId })
      : [];
    await closeFinishedMemos(
      tx,
      returned.map((r) => r.memoOrderId),
    );
    await tx
      .update(stones)
      .set({ status: statusRank('Available'), reservedFor: null, reservedUntil: null, updatedAt: now })
      .where(
        inArray(
          stones.id,
          rows.map((r) => r.id),
        ),
      );

    const notices = new Map<string, { held: string[]; memo: string[] }>();
    for (const r of rows) {
      if (!r.reservedFor) continue;
      const entry = notices.get(r.reservedFor) ?? { held: [], memo: [] };
      (statusAt(r.status) === 'Hold' ? entry.held : entry.memo).push(r.lotId);
      notices.set(r.reservedFor, entry);
    }
    for (const [customerId, { held: heldLots, memo: memoLots }] of notices) {
      if (heldLots.length > 0) {
        await createNotice(tx, clock, {
          customerId,
          kind: 'stone_on_hold',
          title: 'Hold released',
          message: `The hold on ${stonesPhrase(heldLots)} was released; ${heldLots.length === 1 ? 'it is' : 'they are'} available to every buyer again.`,
          targetPage: 'my-cart:active',
        });
      }
      if (memoLots.length > 0) {
        await createNotice(tx, clock, {
          customerId,
          kind: 'stone_on_memo',
          title: 'Memo return received',
          message: `We received ${stonesPhrase(memoLots)} back from memo. Thank you.`,
          targetPage: 'my-cart:active',
        });
      }
    }
    const parts = [
      held.length > 0 ? `hold released on ${held.map((r) => r.lotId).join(', ')}` : null,
      onMemo.length > 0 ? `back from memo: ${onMemo.map((r) => r.lotId).join(', ')}` : null,
    ].filter(Boolean);
    return `Available again (${parts.join('; ')}).`;
  });
}
