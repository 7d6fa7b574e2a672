import type { ConfirmLine, StoneCheck } from '@loupe/contract/confirmation';
import { formatOrderId } from '@loupe/contract/orders';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { orderItems } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { formatUsd } from '../../platform/money.ts';
import { removeStonesFromCart } from '../cart/index.ts';
import { createNotice } from '../notices/index.ts';
import { insertOrder, recordMemoPurchase } from '../orders/index.ts';
import { lockStonesById, markSold, statusAt } from '../stones/index.ts';
import {
  type Confirmer,
  checkStone,
  getConfirmer,
  nameStones,
  nameStonesFirst,
  normalizeLines,
} from './confirm-time-check.ts';

export interface ConfirmInput {
  variants: ConfirmLine[];
  comments: string;
  requestPage: string;
}

export interface ConfirmDeps {
  db: Database;
  clock: Clock;
  messenger: Messenger;
  salesDeskEmail: string;
}

interface ConfirmedOrder {
  id: string;
  displayId: number;
  lots: { lotId: string; carats: number; amount: number }[];
  totalAmount: number;
  comment: string;
}

/**
 * POST /store/products/confirm: the stones become one order at the amounts the buyer confirmed,
 * all or nothing (domain-facts §5).
 *
 * Two buyers must never both be told they bought a stone. The stones are locked in one order (by
 * id) so that overlapping confirmations queue behind each other instead of deadlocking, and every
 * stone is checked again under the lock: the one who comes second sees the stone Sold and hears
 * 409 STONE_UNAVAILABLE with nothing written. The partial unique index on live order items is the
 * last line of defence behind the locks.
 */
export async function confirmStones(deps: ConfirmDeps, customerId: string, input: ConfirmInput) {
  const { db, clock } = deps;
  const confirmer = await getConfirmer(db, customerId);
  const lines = normalizeLines(input.variants);
  // The contract trimmed the comment and held it to CONFIRM_LIMITS.commentLength.
  const comment = input.comments;

  let order: ConfirmedOrder;
  try {
    // The KAM's email is a job of the same transaction: it goes out if and only if the order is
    // written, after the commit, and a mail failure is retried without touching the order.
    order = await db.transaction(async (tx) => {
      const written = await writeOrder(tx, clock, customerId, lines, comment, input.requestPage);
      await tellKam(tx, deps, confirmer, written);
      return written;
    });
  } catch (err) {
    if (isLiveStoneConflict(err)) throw await soldElsewhere(db, lines);
    throw err;
  }

  const count = order.lots.length;
  return {
    status: 'success' as const,
    title: 'Order confirmed',
    message: `Your order ${formatOrderId(order.displayId)} for ${count === 1 ? '1 stone' : `${count} stones`} (${formatUsd(order.totalAmount)}) is confirmed. Follow it under Your orders.`,
    order: { id: order.id, display_id: order.displayId },
  };
}

async function writeOrder(
  tx: Tx,
  clock: Clock,
  customerId: string,
  lines: ConfirmLine[],
  comment: string,
  requestPage: string,
): Promise<ConfirmedOrder> {
  const now = clock.now();
  const ids = lines.map((line) => line.id);
  // Two confirmations of one stone queue on its lock, in id order so they cannot deadlock.
  const byId = await lockStonesById(tx, ids);
  const checks = lines.map((line) => checkStone(line, byId.get(line.id), customerId, now));
  assertAllConfirmable(checks);

  await markSold(tx, ids, now);
  // Every check passed, so each row's amount equals, to the cent, the amount the buyer confirmed.
  const sold = lines.map((line) => byId.get(line.id)!);
  const order = await insertOrder(tx, { customerId, stones: sold, comment, requestPage, at: now });
  const { totalAmount } = order;
  await removeStonesFromCart(tx, customerId, ids);
  // Only a stone on memo with this buyer has a memo line to close (checkStone let it through).
  const onMemo = sold.filter((row) => statusAt(row.status) === 'Memo').map((row) => row.id);
  await recordMemoPurchase(tx, customerId, onMemo, now);

  const displayId = formatOrderId(order.displayId);
  await createNotice(tx, clock, {
    customerId,
    kind: 'order_confirmed',
    title: `Order ${displayId} confirmed`,
    message: `${sold.length === 1 ? '1 stone' : `${sold.length} stones`} for ${formatUsd(totalAmount)}. The sales team is processing your order.`,
    targetPage: 'your-orders:pendingInvoices',
  });

  return {
    id: order.id,
    displayId: order.displayId,
    lots: sold.map((row) => ({ lotId: row.lotId, carats: row.carats, amount: row.amount })),
    totalAmount,
    comment,
  };
}

/** Stones that cannot be had outrank prices that moved: both answers list every problem stone. */
function assertAllConfirmable(checks: StoneCheck[]) {
  const problems = checks.filter((check) => check.status === 'unavailable');
  if (problems.length === 0) return;
  const gone = problems.filter((check) => check.reason !== 'price_changed');
  if (gone.length > 0) {
    throw new AppError(
      'STONE_UNAVAILABLE',
      `${nameStonesFirst(gone)} ${gone.length === 1 ? 'is' : 'are'} no longer available. Nothing was ordered; update your selection.`,
      { stones: problems },
    );
  }
  throw new AppError(
    'PRICE_CHANGED',
    `The ${problems.length === 1 ? 'price' : 'prices'} of ${nameStones(problems)} ${problems.length === 1 ? 'has' : 'have'} changed. Nothing was ordered; check the new ${problems.length === 1 ? 'price' : 'prices'} and confirm again.`,
    { stones: problems },
  );
}

/** PostgreSQL's unique violation of order_items_live_stone_key, wherever the driver wrapped it. */
function isLiveStoneConflict(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      code === '23505' &&
      (constraint === 'order_items_live_stone_key' ||
        (typeof message === 'string' && message.includes('order_items_live_stone_key')))
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The index fired: some stone of the selection is in a live order already although its status
 * said otherwise. The buyer hears it as sold, like any other stone that is gone.
 */
async function soldElsewhere(db: Database, lines: ConfirmLine[]): Promise<AppError> {
  const taken = await db
    .select({ id: orderItems.stoneId, lotId: orderItems.lotId })
    .from(orderItems)
    .where(
      and(
        inArray(
          orderItems.stoneId,
          lines.map((line) => line.id),
        ),
        eq(orderItems.live, true),
      ),
    );
  const problems: StoneCheck[] = taken.map((item) => ({
    id: item.id,
    lot_id: item.lotId,
    status: 'unavailable',
    reason: 'sold',
    title: 'Sold',
    message: `${item.lotId} has been sold and is no longer available.`,
    amount_seen: lines.find((line) => line.id === item.id)?.amount ?? 0,
    amount_now: null,
    location: null,
  }));
  const named = problems.length > 0 ? nameStonesFirst(problems) : 'A selected stone';
  return new AppError(
    'STONE_UNAVAILABLE',
    `${named} ${problems.length > 1 ? 'are' : 'is'} no longer available. Nothing was ordered; update your selection.`,
    { stones: problems },
  );
}

/** Emails the buyer's KAM (the sales desk for a buyer without one) what was confirmed. */
async function tellKam(tx: Tx, deps: ConfirmDeps, customer: Confirmer, order: ConfirmedOrder) {
  const buyer = `${customer.firstName} ${customer.lastName}`;
  const count = order.lots.length;
  const stonesWord = count === 1 ? '1 stone' : `${count} stones`;
  const body = [
    `${buyer} of ${customer.companyName} (${customer.email}, +${customer.countryCode} ${customer.phone}) confirmed ${stonesWord} in order ${formatOrderId(order.displayId)}, ${formatUsd(order.totalAmount)} in all.`,
    '',
    ...order.lots.map((lot) => `  ${lot.lotId}  ${lot.carats.toFixed(2)} ct  ${formatUsd(lot.amount)}`),
    ...(order.comment ? ['', `Comment: ${order.comment}`] : []),
  ].join('\n');
  await deps.messenger.send(
    {
      channel: 'email',
      to: customer.kamEmail ?? deps.salesDeskEmail,
      subject: `${buyer} (${customer.companyName}) confirmed ${stonesWord}: order ${formatOrderId(order.displayId)}`,
      body,
    },
    tx,
  );
}
