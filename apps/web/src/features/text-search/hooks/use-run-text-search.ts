import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths, sourcePageFor } from '../../../config/paths';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText, TEXT_SEARCH_WORDING } from '../../../lib/error-text';
import { type TextSearchAnswer, useTextSearch } from '../api/text-search';
import { splitKeywords } from '../keywords';
import { getStoneSearch, type StoneSearchScope, setStoneSearch } from '../stone-search-store';

/** Keeps the answer as the results page's state (spec §3 "Dashboard search result state"). */
export function storeTextSearchResult(
  keywords: string[],
  scope: StoneSearchScope,
  sourcePage: string,
  answer: TextSearchAnswer,
) {
  setStoneSearch({
    keywords: keywords.join(', '),
    scope,
    sourcePage,
    forPath: paths.stockSearch.pattern,
    isResultPage: true,
    resultPageData: {
      foundKeywords: answer.foundKeywords,
      foundProducts: answer.foundProducts,
      notFoundKeywords: answer.notFoundKeywords,
    },
    textSearchReportId: answer.textSearchReportId,
    isNewArrival: scope === 'NewArrivals',
  });
}

/**
 * The error toast on screen, if any. Each failure gets a toast of its own id: sonner (2.0) applies
 * a dismissal a frame late, so dismissing an id and showing a new toast under the same id at once
 * could take the new toast away after a few hundred milliseconds instead of 4 s.
 */
let errorToast: string | number | undefined;

function dismissTextSearchError() {
  if (errorToast !== undefined) toast.dismiss(errorToast);
  errorToast = undefined;
}

export function showTextSearchError(error: unknown) {
  // One toast at a time: a second failed search replaces the first rather than stacking.
  dismissTextSearchError();
  errorToast = toast.error(errorText(error, TEXT_SEARCH_WORDING), { duration: TOAST_DURATION_MS });
}

/**
 * Runs a stone id / certificate number search and opens its results page; a failure shows the
 * toast of spec §8 and leaves the customer where they are.
 */
export function useRunTextSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const search = useTextSearch();

  const run = (text: string, scope: StoneSearchScope) => {
    const keywords = splitKeywords(text);
    if (keywords.length === 0 || search.isPending) return;
    // A new search from the results page keeps the page the first search came from.
    const onResults = location.pathname === paths.stockSearch.pattern;
    const sourcePage = onResults
      ? (getStoneSearch()?.sourcePage ??
        new URLSearchParams(location.search).get('path') ??
        sourcePageFor(location.pathname))
      : sourcePageFor(location.pathname, location.search);
    dismissTextSearchError();
    search.mutate(
      { search_keyword: keywords.join(','), search_type: scope },
      {
        onSuccess: (answer) => {
          storeTextSearchResult(keywords, scope, sourcePage, answer);
          if (!onResults) navigate(paths.stockSearch.href({ path: sourcePage }));
        },
        onError: showTextSearchError,
      },
    );
  };

  return { run, pending: search.isPending };
}
