import type { Stone } from '@loupe/contract/stones';
import { formatDecimal, formatMoney } from '../../money';
import { formatDiscount } from '../formats';
import { GridIcon } from './grid-icons';
import { totalsOf } from './totals';

function Locked() {
  return (
    <span className="price-lock" title="Prices open once your KYC is approved">
      <GridIcon name="lock" size={13} />
      <span className="visually-hidden">Locked</span>
    </span>
  );
}

/** The totals of the selection, or of every row when nothing is selected (domain-facts §2.1). */
export function TotalsBar({
  stones,
  selected,
  averageDiscountLabel = 'Total Avg. Dis',
}: {
  stones: readonly Stone[];
  selected: ReadonlySet<string>;
  averageDiscountLabel?: string;
}) {
  const totals = totalsOf(stones, selected);
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
        <dd>{totals.averageDiscount === null ? <Locked /> : formatDiscount(totals.averageDiscount)}</dd>
      </div>
      <div>
        <dt>Avg. Pr/Ct</dt>
        <dd>
          {totals.averagePricePerCarat === null ? <Locked /> : formatMoney(totals.averagePricePerCarat)}
        </dd>
      </div>
      <div>
        <dt>Total Amount</dt>
        <dd>{totals.amount === null ? <Locked /> : formatMoney(totals.amount)}</dd>
      </div>
    </dl>
  );
}
