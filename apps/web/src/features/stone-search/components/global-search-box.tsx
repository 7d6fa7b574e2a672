import type { Customer } from '@loupe/contract/customers';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { sourcePageFor } from '../../../lib/source-page';
import { type StoneSearchScope, setStoneSearch, useStoneSearch } from '../../../lib/stone-search-store';
import { effectiveScope, isScopeEnabled, SEARCH_SCOPES } from '../scope-rules';

export const STOCK_SEARCH_PATH = '/v2/stock-search';

export interface GlobalSearchBoxProps {
  customer: Customer | undefined;
  /** Width of the text field in px (src/features/stone-search/search-box-layout.ts). */
  width: number;
}

/**
 * The top bar's stone id / certificate number search. Enter opens the results page for the
 * chosen scope; the keywords travel in the stone search state (src/lib/stone-search-store.ts).
 */
export function GlobalSearchBox({ customer, width }: GlobalSearchBoxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useStoneSearch();
  const [keywords, setKeywords] = useState(current?.keywords ?? '');
  const [chosen, setChosen] = useState<StoneSearchScope>(current?.scope ?? 'normal');
  const scope = effectiveScope(chosen, customer);
  const inputId = useId();

  const run = () => {
    const text = keywords.trim();
    if (!text) return;
    const sourcePage = sourcePageFor(location.pathname, location.search);
    setStoneSearch({ keywords: text, scope, sourcePage, forPath: STOCK_SEARCH_PATH });
    navigate(`${STOCK_SEARCH_PATH}?path=${encodeURIComponent(sourcePage)}`);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom
    <form role="search" className="global-search" onSubmit={(event) => event.preventDefault()}>
      <div className="global-search-field" style={{ width }}>
        <Icon name="search" size={16} className="global-search-icon" />
        <label htmlFor={inputId} className="visually-hidden">
          Search by stone id or certificate number
        </label>
        <input
          id={inputId}
          className="global-search-input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="Stone ids or certificate numbers"
          value={keywords}
          onChange={(event) => setKeywords(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              run();
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
