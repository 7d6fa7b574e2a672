/**
 * THE path registry: every screen of spec §2, the search parameters each one reads (with their
 * values), and the source page name rule. The router, every link and navigation, and the web
 * tests build their addresses here; no screen path is written anywhere else.
 *
 * Screens of the second wave (bid to buy, matching pair, layouts, appointments, FAQs, KYC, trade
 * show, events, the marketing pages) are entries already, so links to them are right before the
 * screens exist; until then the router answers them with its not-found page.
 */

type QueryValue = string | number | null | undefined;
type Query = Record<string, QueryValue>;

export interface Screen<Q extends Query = Record<never, never>> {
  /** The router's path pattern. */
  readonly pattern: string;
  /** The screen's address with these search parameters (undefined and null ones left out). */
  href(query?: Q): string;
}

function queryText(query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function screen<Q extends Query = Record<never, never>>(pattern: string): Screen<Q> {
  return { pattern, href: (query) => `${pattern}${queryText(query)}` };
}

// ---------------------------------------------------------------------------------------------
// Search parameter values (spec §2, domain-facts §13)

/**
 * `/v2/my-cart?path=` and `/v2/my-orders?path=`: the contract's CART_TABS and ORDER_TABS, written
 * out here so the router does not load the contract's schemas (paths.test.ts holds them equal).
 */
export const CART_TABS = ['active', 'memo', 'hold', 'sold'] as const;
export type CartTab = (typeof CART_TABS)[number];
export const ORDER_TABS = ['pendingInvoices', 'activeInvoices', 'invoicesHistory'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** `/v2/search?active-tab=`: the form, the saved searches, or result tab n (1-based). */
export type SearchTab = 'new-search' | 'saved-search' | `result-${number}`;
export const NEW_SEARCH_TAB = 'new-search' satisfies SearchTab;
export const SAVED_SEARCH_TAB = 'saved-search' satisfies SearchTab;

/** `result-3` for result tab 3. */
export function resultTab(n: number): `result-${number}` {
  return `result-${n}`;
}

/** 3 for `result-3`; null for anything else. */
export function resultTabNumber(activeTab: string | null | undefined): number | null {
  const match = /^result-(\d+)$/.exec(activeTab ?? '');
  return match ? Number(match[1]) : null;
}

/** `/v2/bid-2-buy?path=` (and a new-arrival notice's sub-tab). */
export const BID_TABS = ['bidStone', 'activeBid', 'bidHistory'] as const;
export type BidTab = (typeof BID_TABS)[number];

/** `/v2/my-account?path=`. */
export const ACCOUNT_TABS = ['profile', 'change-password', 'notification-preferences'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** `/v2/my-appointments?path=`. */
export const APPOINTMENT_TABS = ['upcomingAppointments', 'pastAppointments'] as const;
export type AppointmentTab = (typeof APPOINTMENT_TABS)[number];

/** The pages a detail page can be opened from, as its `?path=` names them (domain-facts §3). */
export const DETAIL_SOURCES = [
  'search',
  'dash-board',
  'new-arrivals',
  'bid-2-buy',
  'my-cart',
  'matching-pair',
  'your-orders',
] as const;
export type DetailSource = (typeof DETAIL_SOURCES)[number];

/** The value when it is one of `values`, else `fallback` (a stale link, a hand-typed address). */
export function oneOf<T extends string>(
  values: readonly T[],
  value: string | null | undefined,
  fallback: T,
): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

// ---------------------------------------------------------------------------------------------
// The detail page names its stones as `<lot_id>-<location>`, comma-separated and each encoded.

export interface StoneRef {
  lot_id: string;
  location: string;
}

const detailPage = '/v2/detail-page';

function detailHref(query: { path: string; stoneid: readonly string[] }): string {
  const ids = query.stoneid.map((id) => encodeURIComponent(id)).join(',');
  return `${detailPage}?path=${encodeURIComponent(query.path)}&stoneid=${ids}`;
}

// ---------------------------------------------------------------------------------------------
// The screens

export const paths = {
  dashboard: screen('/'),
  /** The dashboard's other address (spec §2: / and /v2). */
  dashboardV2: screen('/v2'),
  newArrivals: screen<{ path?: BidTab }>('/v2/new-arrivals'),
  bidToBuy: screen<{ path?: BidTab }>('/v2/bid-2-buy'),
  search: screen<{ 'active-tab'?: SearchTab }>('/v2/search'),
  savedSearches: screen('/v2/saved-searches'),
  matchingPair: screen<{ 'active-tab'?: SearchTab }>('/v2/matching-pair'),
  /** Hidden from the side bar (spec §2). */
  layout: screen('/v2/layout'),
  /** One layout and its stones. */
  layoutViewDetail: screen<{ layout_id?: string }>('/v2/layout/view-detail'),
  myCart: screen<{ path?: CartTab }>('/v2/my-cart'),
  /** "Your Orders" in the side bar; `order` opens one order, `since` filters by date. */
  myOrders: screen<{ path?: OrderTab; order?: string; since?: string }>('/v2/my-orders'),
  myAppointments: screen<{ path?: AppointmentTab }>('/v2/my-appointments'),
  appointments: screen('/v2/appointments'),
  faqs: screen('/v2/faqs'),
  kyc: screen('/v2/kyc'),
  /** `verify_email` carries the token of the email verification link. */
  login: screen<{ verify_email?: string }>('/v2/login'),
  register: screen('/v2/register'),
  forgotPassword: screen('/v2/forgot-password'),
  myAccount: screen<{ path?: AccountTab }>('/v2/my-account'),
  setting: screen('/v2/setting'),
  /** The results of a stone id search; `path` is the source page name (sourcePageFor). */
  stockSearch: screen<{ path?: string }>('/v2/stock-search'),
  detailPage: {
    pattern: detailPage,
    href: detailHref,
    /** `/v2/detail-page?path=search&stoneid=LD-100231-BEL`; several stones show side by side. */
    forStones: (source: DetailSource, stones: readonly StoneRef[]) =>
      detailHref({ path: source, stoneid: stones.map((stone) => `${stone.lot_id}-${stone.location}`) }),
  },
  tradeShow: screen('/v2/trade-show'),
  /** The stones on show at the trade show; `stoneid` (comma separated) from an event link. */
  event: screen<{ stoneid?: string }>('/v2/event'),
  /**
   * Ready HTML pages of the server (areas/site), readable with JavaScript off: link them with a
   * plain `<a href>` (a full page load), never the router's `<Link>`.
   */
  privacyPolicy: screen('/privacy-policy'),
  site: {
    home: screen('/v3'),
    ourStory: screen('/v3/about-us/our-story'),
    leadership: screen('/v3/about-us/leadership'),
    contactUs: screen('/v3/contact-us'),
    blogs: screen('/v3/blogs'),
    sustainability: screen('/v3/sustainability'),
    traceability: screen('/v3/traceability'),
  },
} as const;

// ---------------------------------------------------------------------------------------------
// The source page name (spec §2)

function trimmed(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function isDashboardPath(pathname: string): boolean {
  const path = trimmed(pathname);
  return path === paths.dashboard.pattern || path === paths.dashboardV2.pattern;
}

/** The path is the screen's or one below it (`/v2/layout/view-detail` is in `/v2/layout`). */
function isIn(path: string, entry: Screen<Query> | { pattern: string }): boolean {
  return path === entry.pattern || path.startsWith(`${entry.pattern}/`);
}

/**
 * The page a stone id search was started from, sent along as `?path=` (spec §2). Named pages:
 * dashboard, bid_to_buy, layout, saved_search, search_result_page, search, match_result_page,
 * match_pair. Any other page is its path after /v2 with dashes turned into underscores (nested
 * segments are joined with underscores too).
 */
export function sourcePageFor(pathname: string, search = ''): string {
  const path = trimmed(pathname);
  if (isDashboardPath(path)) return 'dashboard';
  const onResultTab = resultTabNumber(new URLSearchParams(search).get('active-tab')) !== null;
  if (isIn(path, paths.bidToBuy)) return 'bid_to_buy';
  if (isIn(path, paths.layout)) return 'layout';
  if (isIn(path, paths.savedSearches)) return 'saved_search';
  if (isIn(path, paths.search)) return onResultTab ? 'search_result_page' : 'search';
  if (isIn(path, paths.matchingPair)) return onResultTab ? 'match_result_page' : 'match_pair';
  const rest = path.startsWith('/v2/') ? path.slice('/v2/'.length) : path.replace(/^\/+/, '');
  return rest.replace(/[-/]/g, '_');
}
