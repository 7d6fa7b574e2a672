import type { Customer } from '@loupe/contract/customers';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CardHead } from '../../../components/ui/card-head';
import { useRunTextSearch } from '../hooks/use-run-text-search';
import { previewKeywords } from '../keywords';
import { effectiveScope, isScopeEnabled, SEARCH_SCOPES } from '../scope-rules';
import type { StoneSearchScope } from '../stone-search-store';
import '../text-search.css';

/**
 * The dashboard's stone id search (domain-facts §10): a field that takes a pasted column of ids
 * or certificate numbers, and the "Search From" choice of stock, new arrivals or bid to buy.
 */
export function DashboardTextSearch({ customer }: { customer: Customer }) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<StoneSearchScope>('normal');
  const scope = effectiveScope(chosen, customer);
  const { run, pending } = useRunTextSearch();
  const preview = previewKeywords(text);
  const fieldId = useId();
  const previewId = useId();
  const canSearch = preview.count > 0 && !preview.tooMany;

  const submit = () => {
    if (canSearch) run(text, scope);
  };

  return (
    <section className="card text-search-card" aria-labelledby={`${fieldId}-title`}>
      <CardHead icon="search" title="Search by Stone ID" id={`${fieldId}-title`} />
      <form
        className="text-search-form"
        aria-busy={pending || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="field-label" htmlFor={fieldId}>
          Stone ids or certificate numbers
        </label>
        <textarea
          id={fieldId}
          className="input text-search-input"
          rows={3}
          spellCheck={false}
          autoComplete="off"
          placeholder="e.g. LD-100231, 2141438171 — or paste a column from a spreadsheet"
          value={text}
          aria-describedby={previewId}
          aria-invalid={preview.tooMany || undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches; Shift+Enter starts a new line for typing ids one per line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <p id={previewId} className={preview.tooMany ? 'field-error' : 'field-hint'} aria-live="polite">
          {preview.message || 'Separate ids with spaces, commas or new lines.'}
        </p>
        <div className="text-search-row">
          <fieldset className="text-search-scopes">
            <legend className="text-search-legend">Search From</legend>
            {SEARCH_SCOPES.map((option) => {
              const enabled = isScopeEnabled(option.value, customer);
              return (
                <label
                  key={option.value}
                  className={`radio ${enabled ? '' : 'is-disabled'}`}
                  title={enabled ? undefined : `No stones in ${option.label} right now`}
                >
                  <input
                    type="radio"
                    name={`${fieldId}-scope`}
                    value={option.value}
                    checked={scope === option.value}
                    disabled={!enabled}
                    onChange={() => setChosen(option.value)}
                  />
                  {option.label}
                </label>
              );
            })}
          </fieldset>
          <Button type="submit" busy={pending} disabled={!canSearch}>
            Search
          </Button>
        </div>
      </form>
    </section>
  );
}
