import type { Stone } from '@loupe/contract/stones';
import { describe, expect, it } from 'vitest';
import { buildStone } from '../../../test/stone-fixture';
import { totalsOf } from './totals';

describe('totals bar', () => {
  const a = buildStone({ carats: 1, amount: 7000, rap_value: 10000 });
  const b = buildStone({ carats: 2, amount: 16000, rap_value: 20000 });
  const c = buildStone({ carats: 0.5, amount: 3000, rap_value: 4000 });

  it('counts every row when nothing is selected', () => {
    expect(totalsOf([a, b, c], new Set())).toEqual({
      selected: 0,
      total: 3,
      carats: 3.5,
      locked: false,
      amount: 26000,
      // (26000 / 34000 − 1) × 100
      averageDiscount: -23.53,
      averagePricePerCarat: 7428.57,
    });
  });

  it('counts only the selection when there is one', () => {
    expect(totalsOf([a, b, c], new Set([a.id, b.id]))).toEqual({
      selected: 2,
      total: 3,
      carats: 3,
      locked: false,
      amount: 23000,
      averageDiscount: -23.33,
      averagePricePerCarat: 7666.67,
    });
  });

  it('shows no money totals when prices are locked', () => {
    const locked = buildStone({ amount: null, rap_value: null, discount: null, price_per_carat: null });
    const totals = totalsOf([a, locked], new Set());
    expect(totals.carats).toBe(2.01);
    expect(totals.locked).toBe(true);
    expect(totals.amount).toBeNull();
    expect(totals.averageDiscount).toBeNull();
  });

  it('counts nothing as nothing, not as locked: no stones, no amount, no averages', () => {
    expect(totalsOf([], new Set())).toEqual({
      selected: 0,
      total: 0,
      carats: 0,
      locked: false,
      amount: 0,
      averageDiscount: null,
      averagePricePerCarat: null,
    });
  });

  it('counts each stone at the price a screen gives it (a bid tab: at my bid)', () => {
    const atHalf = (stone: Stone) => ({ amount: (stone.rap_value ?? 0) / 2, rap_value: stone.rap_value });
    expect(totalsOf([a, b], new Set(), atHalf)).toMatchObject({
      amount: 15000,
      averageDiscount: -50,
      averagePricePerCarat: 5000,
    });
  });
});
