import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { reserveIntoCart } from '../cart/index.ts';
import { findCustomerByEmail } from '../customers/index.ts';
import { createNotice, readableDate, stonesPhrase } from '../notices/index.ts';
import { lockStonesByLot, releaseStones as releaseToStock, statusAt } from '../stones/index.ts';
import { issueMemoOrder, recordMemoReturn } from './memo-steps.ts';
import { memoNumberOf } from './numbers.ts';

/**
 * `memo issue` and `stone release`: the sales team sends stones to a customer on memo, and takes
 * held or memo stones back. The stones, the memo order, the customer's cart and their notice
 * change in one transaction; a stone in the wrong state changes nothing.
 */

export interface MemoIssued {
  memo_number: string;
  customer_email: string;
  lot_ids: string[];
  due_at: string;
  /** Stones on memo but not put in the cart, which was full. */
  not_in_cart: string[];
}

export async function issueMemo(
  db: Database,
  clock: Clock,
  input: { email: string; lots: readonly string[]; dueAt: Date },
): Promise<MemoIssued> {
  const now = clock.now();
  const { dueAt } = input;
  const customer = await findCustomerByEmail(db, input.email);
  if (customer.kycStatus !== 'approved') {
    throw new AppError(
      'KYC_REQUIRED',
      `The KYC of ${customer.email} is not approved; stones go on memo only to approved customers.`,
    );
  }
  return db.transaction(async (tx) => {
    let memoNumber = 0;
    const { rows, notInCart } = await reserveIntoCart(
      tx,
      clock,
      { customerId: customer.id, lots: input.lots, now },
      async (stones) => {
        memoNumber = (await issueMemoOrder(tx, { customerId: customer.id, stones, dueAt, issuedAt: now }))
          .memoOrder.memoNumber;
      },
    );
    const names = rows.map((r) => r.lotId);
    const memo = memoNumberOf(memoNumber);
    await createNotice(tx, clock, {
      customerId: customer.id,
      kind: 'stone_on_memo',
      title: names.length === 1 ? 'Stone on memo' : 'Stones on memo',
      message: `${memo}: ${stonesPhrase(names)} ${names.length === 1 ? 'is' : 'are'} on memo with you, due back by ${readableDate(dueAt)}. Buy or return ${names.length === 1 ? 'it' : 'them'} by then.`,
      targetPage: 'my-cart:memo',
    });
    return {
      memo_number: memo,
      customer_email: customer.email,
      lot_ids: names,
      due_at: dueAt.toISOString(),
      not_in_cart: notInCart,
    };
  });
}

export interface StonesReleased {
  /** Stones whose hold ended. */
  hold_released: string[];
  /** Stones back from memo. */
  back_from_memo: string[];
}

/** Ends holds and takes stones back from memo; each customer they were reserved for is told. */
export async function releaseStones(
  db: Database,
  clock: Clock,
  lots: readonly string[],
): Promise<StonesReleased> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await lockStonesByLot(tx, lots);
    await releaseToStock(tx, rows, now);
    const held = rows.filter((r) => statusAt(r.status) === 'Hold');
    const onMemo = rows.filter((r) => statusAt(r.status) === 'Memo');
    await recordMemoReturn(
      tx,
      onMemo.map((r) => r.id),
      now,
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
    return { hold_released: held.map((r) => r.lotId), back_from_memo: onMemo.map((r) => r.lotId) };
  });
}
