import type { Tx } from '../../platform/db/client.ts';
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
 */
export async function insertOrder(tx: Tx, input: NewOrder) {
  const { stones, at } = input;
  const totalAmount = round2(stones.reduce((sum, row) => sum + row.amount, 0));
  const totalCarats = round2(stones.reduce((sum, row) => sum + row.carats, 0));
  const [order] = await tx
    .insert(orders)
    .values({
      customerId: input.customerId,
      comment: input.comment,
      requestPage: input.requestPage,
      stoneCount: stones.length,
      totalCarats,
      totalAmount,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: orders.id, displayId: orders.displayId });
  const { id, displayId } = order!;
  await tx.insert(orderItems).values(
    stones.map((row) => ({
      orderId: id,
      stoneId: row.id,
      lotId: row.lotId,
      carats: row.carats,
      rapPerCarat: row.rapPerCarat,
      discount: row.discount,
      pricePerCarat: row.pricePerCarat,
      amount: round2(row.amount),
      // Sold, to no one else: the snapshot shows what the buyer now owns.
      stone: toStone(
        { ...row, status: statusRank('Sold'), reservedFor: null, reservedUntil: null },
        { showPrices: true },
      ),
    })),
  );
  await tx.insert(orderEvents).values({ orderId: id, event: 'confirmed', createdAt: at });
  return { id, displayId, totalAmount, totalCarats };
}
