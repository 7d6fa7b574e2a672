import type { Customer } from '@loupe/contract/customers';
import { type ClipboardEvent, useEffect, useId, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { useRunTextSearch } from '../hooks/use-run-text-search';
import { splitKeywords } from '../keywords';
import { effectiveScope, isScopeEnabled, SEARCH_SCOPES } from '../scope-rules';
import { type StoneSearchScope, useStoneSearch } from '../stone-search-store';
import '../global-search-box.css';

/**
 * A one-line field drops the line breaks of a pasted column of ids, gluing them together; pasted
 * text is joined with ", " instead.
 */
function pasteAsList(event: ClipboardEvent<HTMLInputElement>, onText: (text: string) => void) {
  const pasted = event.clipboardData.getData('text');
  if (!/[\r\n]/.test(pasted)) return;
  event.preventDefault();
  const field = event.currentTarget;
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? field.value.length;
  const before = field.value.slice(0, start).replace(/[\s,]+$/, '');
  const after = field.value.slice(end).replace(/^[\s,]+/, '');
  onText([before, splitKeywords(pasted).join(', '), after].filter(Boolean).join(', '));
}

export interface GlobalSearchBoxProps {
  customer: Customer | undefined;
  /** Width of the text field in px (src/features/text-search/search-box-layout.ts). */
  width: number;
}

/**
 * The top bar's stone id / certificate number search. Enter searches the chosen scope and opens
 * the results page (src/routes/stock-search.tsx); a failure shows a toast and stays put.
 */
export function GlobalSearchBox({ customer, width }: GlobalSearchBoxProps) {
  const current = useStoneSearch();
  const [keywords, setKeywords] = useState(current?.keywords ?? '');
  const [chosen, setChosen] = useState<StoneSearchScope>(current?.scope ?? 'normal');
  const scope = effectiveScope(chosen, customer);
  const inputId = useId();
  const { run, pending } = useRunTextSearch();

  // Leaving the results page clears the search (spec §2), and with it the box.
  const currentKeywords = current?.keywords;
  useEffect(() => {
    setKeywords(currentKeywords ?? '');
  }, [currentKeywords]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom
    <form
      role="search"
      className="global-search"
      aria-busy={pending || undefined}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="global-search-field" style={{ width }}>
        {pending ? (
          <span className="global-search-icon">
            <Spinner size={14} label="Searching" />
          </span>
        ) : (
          <Icon name="search" size={16} className="global-search-icon" />
        )}
        <label htmlFor={inputId} className="visually-hidden">
          Search by stone id or certificate number
        </label>
        <input
          id={inputId}
          className="global-search-input"
          // A textbox, as pinned (pins: "Global search: a textbox labelled …"); Enter searches.
          type="text"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="Stone ids or certificate numbers"
          value={keywords}
          onChange={(event) => setKeywords(event.target.value)}
          onPaste={(event) => pasteAsList(event, setKeywords)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              run(keywords, scope);
            }
          }}
        />
      </div>
      <fieldset className="scope-group">
        <legend className="visually-hidden">Search in</legend>
        {SEARCH_SCOPES.map((option) => {
          const enabled = isScopeEnabled(option.value, customer);
          return (
            <button
              key={option.value}
              type="button"
              className="scope-button"
              aria-pressed={scope === option.value}
              disabled={!enabled}
              title={enabled ? undefined : `No stones in ${option.label} right now`}
              onClick={() => setChosen(option.value)}
            >
              {option.label}
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}
