import type { Customer } from '@loupe/contract/customers';
import { useEffect, useRef } from 'react';
import { PageSpinner } from '../../../components/ui/spinner';
import type { StoneActionSlots } from '../../../domain/stones/grid/stone-grid';
import { NO_RESULTS_MESSAGE } from '../../../lib/error-text';
import { useTextSearch } from '../api/text-search';
import { showTextSearchError, storeTextSearchResult } from '../hooks/use-run-text-search';
import { splitKeywords } from '../keywords';
import { SEARCH_SCOPES } from '../scope-rules';
import { type StoneSearchState, setStoneSearch, useStoneSearch } from '../stone-search-store';
import { FoundStones } from './found-stones';
import { NotFoundKeywords } from './not-found-keywords';
import '../text-search.css';

const NAMED_SOURCES: Record<string, string> = {
  dashboard: 'Dashboard',
  bid_to_buy: 'Bid to Buy',
  saved_search: 'Saved Searches',
  search_result_page: 'Search results',
  search: 'Search',
  match_result_page: 'Matching Pair results',
  match_pair: 'Matching Pair',
  layout: 'Layout',
};

/** "my_cart" → "My Cart": the page a search was started from, for the subtitle. */
export function sourcePageLabel(name: string): string {
  return (
    NAMED_SOURCES[name] ??
    name
      .split('_')
      .filter(Boolean)
      .map((word) => word[0]?.toUpperCase() + word.slice(1))
      .join(' ')
  );
}

function scopeLabel(scope: StoneSearchState['scope']): string {
  return SEARCH_SCOPES.find((option) => option.value === scope)?.label ?? 'Stock Search';
}

/** A search whose answer did not fit in the session storage is asked again once. */
function useRefetchMissingResult(search: StoneSearchState | null) {
  const refetch = useTextSearch();
  const asked = useRef<string | null>(null);
  const missing = search !== null && !search.resultPageData;
  useEffect(() => {
    if (!search || search.resultPageData) return;
    const key = `${search.scope}:${search.keywords}`;
    if (asked.current === key) return;
    asked.current = key;
    const keywords = splitKeywords(search.keywords);
    refetch.mutate(
      { search_keyword: keywords.join(','), search_type: search.scope },
      {
        onSuccess: (answer) => storeTextSearchResult(keywords, search.scope, search.sourcePage, answer),
        onError: showTextSearchError,
      },
    );
  }, [search, refetch.mutate]);
  return { loading: missing && !refetch.isError, failed: missing && refetch.isError };
}

/** `stoneActions`: what a buyer can do with the stones found (Add to Cart, Confirm Stone), from the screen. */
export function StockSearchResults({
  customer,
  stoneActions,
}: {
  customer: Customer;
  stoneActions: StoneActionSlots;
}) {
  const search = useStoneSearch();
  const { loading, failed } = useRefetchMissingResult(search);

  if (!search || failed) {
    return (
      <div className="card empty-state">
        <h2 className="card-title">No stone id search yet</h2>
        <p className="card-text">
          Type or paste stone ids or certificate numbers in the search box above and press Enter. You can
          search the stock, today's new arrivals or the bid-to-buy event.
        </p>
      </div>
    );
  }
  if (loading || !search.resultPageData) return <PageSpinner label="Searching" />;

  const { foundProducts, foundKeywords, notFoundKeywords } = search.resultPageData;
  const total = foundKeywords.length + notFoundKeywords.length;
  const removeKeyword = (keyword: string) => {
    if (!search.resultPageData) return;
    setStoneSearch({
      ...search,
      resultPageData: {
        ...search.resultPageData,
        notFoundKeywords: search.resultPageData.notFoundKeywords.filter((k) => k !== keyword),
      },
    });
  };

  return (
    <>
      <p className="page-subtitle">
        {scopeLabel(search.scope)} · started from {sourcePageLabel(search.sourcePage)} ·{' '}
        <strong>{foundKeywords.length}</strong> of {total} {total === 1 ? 'id' : 'ids'} found
        {foundProducts.length !== foundKeywords.length
          ? ` (${foundProducts.length} ${foundProducts.length === 1 ? 'stone' : 'stones'})`
          : ''}
      </p>
      {foundProducts.length === 0 ? (
        <div className="card empty-state" role="status">
          <h2 className="card-title">{NO_RESULTS_MESSAGE}</h2>
          <p className="card-text">
            Check the ids for typing mistakes, or search another scope with the buttons next to the search
            box.
          </p>
        </div>
      ) : null}
      <NotFoundKeywords
        keywords={notFoundKeywords}
        onRemove={removeKeyword}
        canAddDemand={customer.kyc.status === 'approved'}
      />
      {foundProducts.length > 0 ? (
        <FoundStones stones={foundProducts} search={search} customer={customer} stoneActions={stoneActions} />
      ) : null}
    </>
  );
}
