import type { OrderItem } from '@loupe/contract/orders';
import { describe, expect, it } from 'vitest';
import { buildStone } from '../../test/stone-fixture';
import { stonesAsPaid } from './order-stones';

function item(overrides: Partial<OrderItem> = {}): OrderItem {
  const product = buildStone({ carats: 1.5, rap: 9000, rap_value: 13500, discount: -30, amount: 9450 });
  return {
    id: 'item-1',
    stone_id: product.id,
    lot_id: product.lot_id,
    product,
    carats: 1.5,
    rap: 9000,
    discount: -30,
    price_per_carat: 6300,
    amount: 9450,
    ...overrides,
  };
}

describe('[ORDERS] an order’s stones show the prices paid', () => {
  it('takes discount, $/ct and amount from the order, not from the stone', () => {
    const [stone] = stonesAsPaid([item({ discount: -32.5, price_per_carat: 6075, amount: 9112.5 })]);
    expect(stone).toMatchObject({ discount: -32.5, price_per_carat: 6075, amount: 9112.5, rap_value: 13500 });
  });

  it('works out the list value again when the list price was different then', () => {
    const paid = item({ rap: 8800 });
    paid.product = { ...paid.product, rap: 9000, rap_value: 13500 };
    const [stone] = stonesAsPaid([paid]);
    expect(stone?.rap).toBe(8800);
    expect(stone?.rap_value).toBe(13200);
  });

  it('shows prices even when the stone snapshot has none (prices locked today)', () => {
    const locked = item();
    locked.product = {
      ...locked.product,
      rap: null,
      rap_value: null,
      amount: null,
      price_per_carat: null,
      discount: null,
    };
    const [stone] = stonesAsPaid([locked]);
    expect(stone).toMatchObject({
      rap: 9000,
      rap_value: 13500,
      amount: 9450,
      price_per_carat: 6300,
      discount: -30,
    });
  });
});
