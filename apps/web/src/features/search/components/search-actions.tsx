import type { Customer } from '@loupe/contract/customers';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { type ErrorWording, errorText } from '../../../lib/error-text';
import { useAddDemand } from '../api/search-api';
import type { SaveSearchSlot } from '../save-search-slot';
import './search-actions.css';
import { formatCount } from '../../../lib/format';

export const TOO_MANY_STONES_MESSAGE = `selection is more than ${STOCK_LIMITS.maxResultStones} stones, modify your search`;
export const NO_STONES_MESSAGE = 'No stones found';

export type CountState =
  | { status: 'counting' }
  | { status: 'invalid' }
  | { status: 'failed'; message: string }
  | { status: 'counted'; count: number };

export function countMessage(count: number): string {
  if (count === 0) return NO_STONES_MESSAGE;
  return `${formatCount(count)} ${count === 1 ? 'stone' : 'stones'} found`;
}

function CountLine({ state, limited }: { state: CountState; limited: boolean }) {
  if (state.status === 'counting') {
    return (
      <span className="count-line is-counting">
        <Spinner size={14} label="Counting stones" /> Counting stones…
      </span>
    );
  }
  if (state.status === 'invalid') {
    return <span className="count-line is-error">Correct the highlighted ranges to see the count.</span>;
  }
  if (state.status === 'failed') {
    return (
      <span className="count-line is-error" role="alert">
        {state.message}
      </span>
    );
  }
  if (limited && state.count > STOCK_LIMITS.maxResultStones) {
    return (
      <span className="count-line is-error" role="alert">
        {TOO_MANY_STONES_MESSAGE}
      </span>
    );
  }
  return (
    <span className={`count-line${state.count === 0 ? ' is-empty' : ''}`}>{countMessage(state.count)}</span>
  );
}

/** Why the search could not be counted, in the buyer's words. */
export const COUNT_FAILURE_WORDING: ErrorWording = {
  statuses: { 401: 'Your daily search limit is used up. Complete your KYC for unlimited searches.' },
};

/**
 * The live count and the form's buttons: Cancel (editing), Reset, Save Search, and Search, which
 * becomes Add Demand for an approved customer whose search finds nothing.
 */
export function SearchActions({
  customer,
  count,
  filters,
  limited,
  submitLabel,
  saveSearch,
  savedSearch,
  onSubmit,
  onReset,
  onCancel,
  onSaved,
}: {
  customer: Customer;
  count: CountState;
  filters: StoneFiltersInput;
  /** The 300-stone cap applies (stock search; not new arrivals). */
  limited: boolean;
  submitLabel: string;
  /** Offers Save Search (the stock search; not new arrivals). */
  saveSearch?: SaveSearchSlot | undefined;
  savedSearch?: { id: string; name: string } | null;
  onSubmit: (count: number) => void;
  onReset: () => void;
  onCancel?: (() => void) | undefined;
  onSaved?: ((name: string) => void) | undefined;
}) {
  const [dialog, setDialog] = useState<'save' | 'thanks' | null>(null);
  const demand = useAddDemand();
  const counted = count.status === 'counted' ? count.count : null;
  const approved = customer.kyc.status === 'approved';
  const offerDemand = limited && approved && counted === 0;
  const canSearch = counted !== null && counted > 0 && (!limited || counted <= STOCK_LIMITS.maxResultStones);

  return (
    // The guided tour reads the count (its filter step) and clicks Search (features/tour).
    <div className="search-actions" data-tour-count={counted ?? ''}>
      <output className="search-count" aria-live="polite" aria-label="Stones found">
        <CountLine state={count} limited={limited} />
      </output>
      {demand.isError ? (
        <span className="count-line is-error" role="alert">
          {errorText(demand.error, { fallback: 'Your demand could not be sent. Try again.' })}
        </span>
      ) : null}
      <div className="search-buttons">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onReset}>
          Reset
        </Button>
        {saveSearch ? (
          <Button variant="secondary" disabled={counted === null} onClick={() => setDialog('save')}>
            Save Search
          </Button>
        ) : null}
        {offerDemand ? (
          <Button
            busy={demand.isPending}
            onClick={() => demand.mutate(filters, { onSuccess: () => setDialog('thanks') })}
          >
            Add Demand
          </Button>
        ) : (
          <Button
            data-tour="search-submit"
            disabled={!canSearch}
            onClick={() => counted !== null && onSubmit(counted)}
          >
            {submitLabel}
          </Button>
        )}
      </div>
      {dialog === 'save' && counted !== null && saveSearch
        ? saveSearch({
            filters,
            count: counted,
            existing: savedSearch,
            onClose: () => setDialog(null),
            onSaved,
          })
        : null}
      {dialog === 'thanks' ? (
        <Dialog
          title="Thank you for your demand"
          className="dialog-center"
          onClose={() => setDialog(null)}
          actions={<Button onClick={() => setDialog(null)}>Okay</Button>}
        >
          <p>
            {customer.kam
              ? `${customer.kam.kam_name} will let you know as soon as stones matching your search arrive.`
              : 'Our sales team will let you know as soon as stones matching your search arrive.'}
          </p>
        </Dialog>
      ) : null}
    </div>
  );
}
