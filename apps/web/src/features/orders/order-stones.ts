import type { OrderItem } from '@loupe/contract/orders';
import type { Stone } from '@loupe/contract/stones';

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The stones of an order for the result grid: each stone as it was confirmed, with the prices the
 * buyer paid (never today's price, and never locked: the buyer knows what they paid).
 */
export function stonesAsPaid(items: readonly OrderItem[]): Stone[] {
  return items.map((item) => ({
    ...item.product,
    carats: item.carats,
    rap: item.rap,
    rap_value:
      item.product.rap === item.rap && item.product.rap_value != null
        ? item.product.rap_value
        : round2(item.rap * item.carats),
    discount: item.discount,
    price_per_carat: item.price_per_carat,
    amount: item.amount,
  }));
}
