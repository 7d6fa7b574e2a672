import { BID_LIMITS } from '@loupe/contract/bidding';
import type { Stone } from '@loupe/contract/stones';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../domain/money';
import { formatDiscount } from '../../../domain/stones/formats';
import {
  BID_POLICY,
  beatsFloor,
  bidFigures,
  bidProblem,
  firstBid,
  parseBid,
  stepDown,
  stepUp,
} from '../bid-rules';

export interface BidPanelProps {
  stone: Pick<Stone, 'id' | 'lot_id' | 'rap' | 'carats'>;
  /** The asking or event discount on Bid Stone, my own bid on Active Bid. */
  floor: number;
  /** "Add Bid" on Bid Stone, "Update Bid" on Active Bid. */
  action: 'Add Bid' | 'Update Bid';
  busy?: boolean;
  /** The server's refusal of the last bid, in words. */
  error?: string | null;
  onBid(value: number): void;
}

/**
 * The bid panel under the selected stone (domain-facts §4): −/+ in 0.25 steps or a typed value,
 * Bid Pr/Ct and Bid Amt $ computed, the button disabled until the bid beats the floor, and the
 * policy that a bid can only be raised. Keyed by its stone and floor, so it starts afresh with each.
 */
export function BidPanel({ stone, floor, action, busy = false, error, onBid }: BidPanelProps) {
  const [text, setText] = useState(() => String(firstBid(floor)));
  const inputId = useId();
  const policyId = useId();
  const value = parseBid(text);
  const valid = value !== null && beatsFloor(value, floor);
  const figures = bidFigures(stone.rap, stone.carats, value);
  const problem = bidProblem(text, floor);

  return (
    <section className="card bid-panel" aria-label={`Bid on ${stone.lot_id}`}>
      <div className="bid-panel-row">
        <label htmlFor={inputId} className="bid-panel-label">
          Your bid (Disc %)
        </label>
        <div className="bid-stepper">
          <Button
            variant="secondary"
            aria-label="Lower the bid by 0.25"
            onClick={() => setText(String(stepDown(value ?? floor)))}
          >
            −
          </Button>
          <input
            id={inputId}
            className="input bid-input"
            inputMode="decimal"
            value={text}
            aria-describedby={policyId}
            aria-invalid={!valid}
            onChange={(event) => setText(event.target.value)}
          />
          <Button
            variant="secondary"
            aria-label="Raise the bid by 0.25"
            onClick={() => setText(String(stepUp(value ?? floor)))}
          >
            +
          </Button>
        </div>
        <dl className="bid-figures">
          <div>
            <dt>Bid Pr/Ct</dt>
            <dd data-testid="bid-price-per-carat">{figures ? formatMoney(figures.pricePerCarat) : '-'}</dd>
          </div>
          <div>
            <dt>Bid Amt $</dt>
            <dd data-testid="bid-amount">{figures ? formatMoney(figures.amount) : '-'}</dd>
          </div>
        </dl>
        <Button disabled={!valid || busy} onClick={() => value !== null && onBid(value)}>
          {action}
        </Button>
      </div>
      <p className="bid-panel-note" id={policyId} title={BID_POLICY}>
        Bid above {formatDiscount(floor)} in steps of {BID_LIMITS.step}. {BID_POLICY}
      </p>
      {problem ? (
        <p className="bid-panel-error" role="alert">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p className="bid-panel-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
