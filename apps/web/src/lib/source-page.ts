/**
 * The page a stone id search was started from, sent along as `?path=` (spec §2).
 * Named pages: dashboard, bid_to_buy, layout, saved_search, search_result_page, search,
 * match_result_page, match_pair. Any other page is its path after /v2 with dashes turned
 * into underscores (nested segments are joined with underscores too).
 */
export function sourcePageFor(pathname: string, search = ''): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/v2') return 'dashboard';

  const rest = path.startsWith('/v2/') ? path.slice('/v2/'.length) : path.replace(/^\/+/, '');
  const [section = ''] = rest.split('/');
  const activeTab = new URLSearchParams(search).get('active-tab') ?? '';
  const onResultTab = /^result-\d+$/.test(activeTab);

  switch (section) {
    case 'bid-2-buy':
      return 'bid_to_buy';
    case 'layout':
      return 'layout';
    case 'saved-searches':
      return 'saved_search';
    case 'search':
      return onResultTab ? 'search_result_page' : 'search';
    case 'matching-pair':
      return onResultTab ? 'match_result_page' : 'match_pair';
    default:
      return rest.replace(/[-/]/g, '_');
  }
}

export function isDashboardPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/' || path === '/v2';
}
