import type { CartCounts, CartItem, CartTab, CartTotals } from '@loupe/contract/cart';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { cartItems, stones } from '../../platform/db/schema/index.ts';
import { type StockViewer, type StoneRow, standingOf, toStone, viewOf } from '../stones/index.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One tab of the cart. A cart holds at most 300 stones, so every item is read with its stone and
 * sorted into its tab by the one rule of who may buy what (standingOf): the tab follows the
 * stone's status now, and every tab's count comes from the same read.
 */
export async function getCart(
  db: Database,
  now: Date,
  viewer: StockViewer,
  query: { tab: CartTab; page: number; limit: number },
) {
  const { customerId } = viewer;
  const rows = await db
    .select({ id: cartItems.id, addedAt: cartItems.createdAt, stone: stones })
    .from(cartItems)
    .innerJoin(stones, eq(stones.id, cartItems.stoneId))
    .where(eq(cartItems.customerId, customerId));

  // Newest first; stones added together keep the order of their stock numbers.
  rows.sort(
    (a, b) => b.addedAt.getTime() - a.addedAt.getTime() || a.stone.lotId.localeCompare(b.stone.lotId),
  );

  const counts: CartCounts = { active: 0, memo: 0, hold: 0, sold: 0 };
  const inTab: { item: (typeof rows)[number]; standing: ReturnType<typeof standingOf> }[] = [];
  for (const item of rows) {
    const standing = standingOf(item.stone, customerId, now);
    counts[standing.tab] += 1;
    if (standing.tab === query.tab) inTab.push({ item, standing });
  }

  const start = (query.page - 1) * query.limit;
  const items: CartItem[] = inTab.slice(start, start + query.limit).map(({ item, standing }) => ({
    id: item.id,
    added_at: item.addedAt.toISOString(),
    tab: standing.tab,
    product: { ...toStone(item.stone, viewOf(viewer)), in_cart: true },
    reservation: standing.reservation,
    can_confirm: standing.unavailable === null,
  }));

  return {
    items,
    count: inTab.length,
    counts,
    totals: viewer.kycApproved ? totalsOf(inTab.map(({ item }) => item.stone)) : null,
    page: query.page,
    limit: query.limit,
  };
}

/** The totals bar (domain-facts §2.1): sums, and the averages the trade reads from them. */
export function totalsOf(rows: readonly StoneRow[]): CartTotals {
  let carats = 0;
  let amount = 0;
  let rapValue = 0;
  for (const row of rows) {
    carats += row.carats;
    amount += row.amount;
    rapValue += row.rapValue;
  }
  return {
    pieces: rows.length,
    carats: round2(carats),
    amount: round2(amount),
    rap_value: round2(rapValue),
    avg_discount: rapValue > 0 ? round2((amount / rapValue - 1) * 100) : 0,
    avg_price_per_carat: carats > 0 ? round2(amount / carats) : 0,
  };
}
