import type { Stone } from '@loupe/contract/stones';

export interface StoneTotals {
  /** Selected stones (0 when none: then every row is counted). */
  selected: number;
  total: number;
  carats: number;
  /** A counted stone's price is withheld from this customer (prices locked): no money totals. */
  locked: boolean;
  /** Σ amount: 0 when no stone is counted, null when locked. */
  amount: number | null;
  /** (Σ amount ÷ Σ rap value − 1) × 100; null when locked or nothing is counted. */
  averageDiscount: number | null;
  /** Σ amount ÷ Σ carats; null when locked or nothing is counted. */
  averagePricePerCarat: number | null;
}

/**
 * What a stone adds to the money totals: its amount and list value, null where withheld. The
 * stone's own by default; a bid tab counts each stone at my bid instead (domain-facts §2.2).
 */
export type TotalsPrice = (stone: Stone) => { amount: number | null; rap_value: number | null };

const ownPrice: TotalsPrice = (stone) => stone;

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The totals bar (domain-facts §2.1), recomputed from the selected stones, or all when none. */
export function totalsOf(
  stones: readonly Stone[],
  selectedIds: ReadonlySet<string>,
  priceOf: TotalsPrice = ownPrice,
): StoneTotals {
  const counted = selectedIds.size > 0 ? stones.filter((stone) => selectedIds.has(stone.id)) : stones;
  let carats = 0;
  let amount = 0;
  let rapValue = 0;
  let locked = false;
  for (const stone of counted) {
    carats += stone.carats;
    const price = priceOf(stone);
    if (price.amount == null || price.rap_value == null) locked = true;
    else {
      amount += price.amount;
      rapValue += price.rap_value;
    }
  }
  return {
    selected: selectedIds.size > 0 ? counted.length : 0,
    total: stones.length,
    carats: round2(carats),
    locked,
    amount: locked ? null : round2(amount),
    averageDiscount: !locked && rapValue > 0 ? round2((amount / rapValue - 1) * 100) : null,
    averagePricePerCarat: !locked && carats > 0 ? round2(amount / carats) : null,
  };
}
