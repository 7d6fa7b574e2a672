import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db/client.ts';
import { orderEvents, orderItems, orders } from '../../platform/db/schema/index.ts';
import { round2, type StoneRow, statusRank, toStone } from '../stones/index.ts';

export interface NewOrder {
  customerId: string;
  /** The stones bought, as they are now (their prices are the prices paid), in the buyer's order. */
  stones: readonly StoneRow[];
  comment: string;
  /** The screen the buyer confirmed from (CONFIRM_REQUEST_PAGES). */
  requestPage: string;
  at: Date;
}

/**
 * Writes what a confirmation makes: the order with its totals, an item per stone with the price
 * paid and the stone as it was confirmed, and the order's first event. The caller has already
 * made sure every stone is the buyer's to have (confirm-stones.ts), inside its transaction.
 *
 * One statement for the three tables: the order's id is made here, so its items and its event need
 * not wait for it (they were three round trips, each rendered by the query builder: decision 069).
 * The foreign keys are checked at the statement's end, when the order is there.
 */
export async function insertOrder(tx: Tx, input: NewOrder) {
  const { stones, at } = input;
  const totalAmount = round2(stones.reduce((sum, row) => sum + row.amount, 0));
  const totalCarats = round2(stones.reduce((sum, row) => sum + row.carats, 0));
  const id = randomUUID();
  const items = stones.map((row) => ({
    stone_id: row.id,
    lot_id: row.lotId,
    carats: row.carats,
    rap_per_carat: row.rapPerCarat,
    discount: row.discount,
    price_per_carat: row.pricePerCarat,
    amount: round2(row.amount),
    // Sold, to no one else: the snapshot shows what the buyer now owns.
    stone: toStone(
      { ...row, status: statusRank('Sold'), reservedFor: null, reservedUntil: null },
      { showPrices: true },
    ),
  }));
  const when = at.toISOString();
  const [order] = await rows<{ display_id: number }>(
    tx,
    sql`with placed as (
          insert into ${orders} (id, customer_id, comment, request_page, stone_count, total_carats, total_amount, created_at, updated_at)
          values (${id}, ${input.customerId}, ${input.comment}, ${input.requestPage}, ${stones.length}, ${totalCarats}, ${totalAmount}, ${when}, ${when})
          returning display_id),
        items as (
          insert into ${orderItems} (order_id, stone_id, lot_id, carats, rap_per_carat, discount, price_per_carat, amount, stone)
          select ${id}, i.stone_id, i.lot_id, i.carats, i.rap_per_carat, i.discount, i.price_per_carat, i.amount, i.stone
          from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as i(stone_id uuid, lot_id text, carats float8,
            rap_per_carat integer, discount float8, price_per_carat float8, amount float8, stone jsonb)),
        confirmed as (
          insert into ${orderEvents} (order_id, event, created_at) values (${id}, 'confirmed', ${when}))
        select display_id from placed`,
  );
  return { id, displayId: Number(order!.display_id), totalAmount, totalCarats };
}
