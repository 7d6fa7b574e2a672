import type { Stone } from '@loupe/contract/stones';
import { formatDecimal, formatMoney } from '../../money';
import { formatDiscount } from '../formats';
import { GridIcon } from './grid-icons';
import { type TotalsPrice, totalsOf } from './totals';

function Locked() {
  return (
    <span className="price-lock" title="Prices open once your KYC is approved">
      <GridIcon name="lock" size={13} />
      <span className="visually-hidden">Locked</span>
    </span>
  );
}

/** How a screen's totals read: the average discount's label and what each stone counts at. */
export interface TotalsOptions {
  averageDiscountLabel?: string;
  priceOf?: TotalsPrice;
}

/**
 * The totals of the selection, or of every row when nothing is selected (domain-facts §2.1): the
 * money figures locked while a counted stone's price is withheld, "-" for an average of nothing.
 */
export function TotalsBar({
  stones,
  selected,
  averageDiscountLabel = 'Total Avg. Dis',
  priceOf,
}: {
  stones: readonly Stone[];
  selected: ReadonlySet<string>;
} & TotalsOptions) {
  const totals = totalsOf(stones, selected, priceOf);
  const money = (figure: string) => (totals.locked ? <Locked /> : figure);
  return (
    <dl className="totals-bar" aria-label="Totals">
      <div>
        <dt>No. of Pieces</dt>
        <dd>
          {totals.selected}/{totals.total}
        </dd>
      </div>
      <div>
        <dt>Total Carats</dt>
        <dd>{formatDecimal(totals.carats)}</dd>
      </div>
      <div>
        <dt>{averageDiscountLabel}</dt>
        <dd>{money(formatDiscount(totals.averageDiscount))}</dd>
      </div>
      <div>
        <dt>Avg. Pr/Ct</dt>
        <dd>{money(formatMoney(totals.averagePricePerCarat))}</dd>
      </div>
      <div>
        <dt>Total Amount</dt>
        <dd>{money(formatMoney(totals.amount))}</dd>
      </div>
    </dl>
  );
}
