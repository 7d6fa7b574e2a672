import type { Kam } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { Icon } from '../../../components/ui/icon';
import { formatMoney } from '../../../domain/money';
import { formatDiscount } from '../../../domain/stones/formats';
import { pricesWithheld } from '../stone-sections';
import { UnlockPrice } from './unlock-price';

/** The pill for a stone that is not freely available (the grid's legend colours). */
const STATUS_PILLS: Partial<Record<Stone['diamond_status'], { label: string; className: string }>> = {
  Hold: { label: 'Hold', className: 'badge-warning' },
  Memo: { label: 'Memo', className: 'badge-info' },
  Sold: { label: 'Sold', className: 'badge-danger' },
  BidToBuy: { label: 'Bid to Buy', className: 'badge-muted' },
};

export interface StoneHeaderProps {
  stone: Stone;
  kam: Kam | null;
  headingLevel: 1 | 2;
  onShowJourney?: (() => void) | undefined;
}

/** Stock No, amount and discount (or the price lock), status pill and the GemTrac button. */
export function StoneHeader({ stone, kam, headingLevel, onShowJourney }: StoneHeaderProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const pill = STATUS_PILLS[stone.diamond_status];
  const summary = [
    stone.shape_full,
    `${stone.carats.toFixed(2)} ct`,
    stone.color ?? stone.fancy_color,
    stone.clarity,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <header className="stone-header">
      <div className="stone-title">
        <Heading className="page-title">
          <span className="stone-title-label">Stock No</span> {stone.lot_id}
        </Heading>
        {stone.in_cart ? <span className="badge badge-success">In Cart</span> : null}
        {pill ? <span className={`badge ${pill.className}`}>{pill.label}</span> : null}
        {stone.gemtrac && onShowJourney ? (
          <button type="button" className="gemtrac-button" onClick={onShowJourney}>
            <Icon name="route" size={14} />
            GemTrac
          </button>
        ) : null}
      </div>
      <p className="page-subtitle">{summary}</p>
      <section className="stone-price" aria-label="Price">
        {pricesWithheld(stone) ? (
          <UnlockPrice stone={stone} kam={kam} />
        ) : (
          <>
            <span className="stone-amount">{formatMoney(stone.amount)}</span>
            <span className={`discount ${stone.discount !== null && stone.discount < 0 ? 'is-below' : ''}`}>
              {formatDiscount(stone.discount)}
            </span>
          </>
        )}
      </section>
    </header>
  );
}
