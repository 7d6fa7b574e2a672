import type { Stone } from '@loupe/contract/stones';

export interface StoneTotals {
  /** Selected stones (0 when none: then every row is counted). */
  selected: number;
  total: number;
  carats: number;
  /** Null when a counted stone has no price for this customer (prices locked). */
  amount: number | null;
  /** (Σ amount ÷ Σ rap value − 1) × 100. */
  averageDiscount: number | null;
  /** Σ amount ÷ Σ carats. */
  averagePricePerCarat: number | null;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The totals bar (domain-facts §2.1), recomputed from the selected stones, or all when none. */
export function totalsOf(stones: readonly Stone[], selectedIds: ReadonlySet<string>): StoneTotals {
  const counted = selectedIds.size > 0 ? stones.filter((stone) => selectedIds.has(stone.id)) : stones;
  let carats = 0;
  let amount = 0;
  let rapValue = 0;
  let priced = true;
  for (const stone of counted) {
    carats += stone.carats;
    if (stone.amount == null || stone.rap_value == null) priced = false;
    else {
      amount += stone.amount;
      rapValue += stone.rap_value;
    }
  }
  const hasPrices = priced && counted.length > 0;
  return {
    selected: selectedIds.size > 0 ? counted.length : 0,
    total: stones.length,
    carats: round2(carats),
    amount: hasPrices ? round2(amount) : null,
    averageDiscount: hasPrices && rapValue > 0 ? round2((amount / rapValue - 1) * 100) : null,
    averagePricePerCarat: hasPrices && carats > 0 ? round2(amount / carats) : null,
  };
}
