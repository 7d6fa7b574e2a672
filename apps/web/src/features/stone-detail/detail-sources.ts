import { type DetailSource, paths } from '../../config/paths';

/** Where the "Back" link of a detail page leads, by its `?path=` (domain-facts §3). */
const BACK_LINKS: Record<DetailSource, { label: string; to: string }> = {
  search: { label: 'Search', to: paths.search.href() },
  'dash-board': { label: 'Dashboard', to: paths.dashboard.href() },
  'new-arrivals': { label: 'New Arrivals', to: paths.newArrivals.href() },
  'bid-2-buy': { label: 'Bid to Buy', to: paths.bidToBuy.href() },
  'my-cart': { label: 'My Cart', to: paths.myCart.href({ path: 'active' }) },
  'matching-pair': { label: 'Matching Pair', to: paths.matchingPair.href() },
  'your-orders': { label: 'Your Orders', to: paths.myOrders.href({ path: 'pendingInvoices' }) },
};

export function backLinkFor(source: string | null): { label: string; to: string } | null {
  return source && source in BACK_LINKS ? BACK_LINKS[source as DetailSource] : null;
}
