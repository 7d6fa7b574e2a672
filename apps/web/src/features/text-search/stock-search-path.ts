/** The results page of the global stone id search (spec §2: /v2/stock-search?path={source page}). */
export const STOCK_SEARCH_PATH = '/v2/stock-search';

export function stockSearchUrl(sourcePage: string): string {
  return `${STOCK_SEARCH_PATH}?path=${encodeURIComponent(sourcePage)}`;
}
