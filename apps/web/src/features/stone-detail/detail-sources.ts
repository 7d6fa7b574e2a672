import type { DetailSource } from '../../lib/stone-detail-url';

/** Where the "Back" link of a detail page leads, by its `?path=` (domain-facts §3). */
const BACK_LINKS: Record<DetailSource, { label: string; to: string }> = {
  search: { label: 'Search', to: '/v2/search' },
  'dash-board': { label: 'Dashboard', to: '/' },
  'new-arrivals': { label: 'New Arrivals', to: '/v2/new-arrivals' },
  'bid-2-buy': { label: 'Bid to Buy', to: '/v2/bid-2-buy' },
  'my-cart': { label: 'My Cart', to: '/v2/my-cart?path=active' },
  'matching-pair': { label: 'Matching Pair', to: '/v2/matching-pair' },
  'your-orders': { label: 'Your Orders', to: '/v2/my-orders?path=pendingInvoices' },
};

export function backLinkFor(source: string | null): { label: string; to: string } | null {
  return source && source in BACK_LINKS ? BACK_LINKS[source as DetailSource] : null;
}
