import type { SideBarItem } from '@loupe/contract/portal';

/**
 * The side bar of spec §2, top to bottom. The web app draws it from this list (its separator
 * before Search, FAQs at the bottom) and applies the customer's rules: Trade Show only with the
 * banner flag, appointments only after KYC, everything off in maintenance.
 */
export const sideBarItems: SideBarItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/v2', hidden: false },
  { key: 'new_arrivals', label: 'New Arrivals', path: '/v2/new-arrivals', hidden: false },
  { key: 'bid_to_buy', label: 'Bid to Buy', path: '/v2/bid-2-buy', hidden: false },
  { key: 'trade_show', label: 'Trade Show', path: '/v2/trade-show', hidden: false },
  { key: 'search', label: 'Search', path: '/v2/search?active-tab=new-search', hidden: false },
  { key: 'matching_pair', label: 'Matching Pair', path: '/v2/matching-pair', hidden: false },
  { key: 'layout', label: 'Layout', path: '/v2/layout', hidden: true },
  { key: 'bookmark', label: 'Bookmark', path: '/v2/saved-searches', hidden: false },
  { key: 'my_cart', label: 'My Cart', path: '/v2/my-cart?path=active', hidden: false },
  { key: 'your_orders', label: 'Your Orders', path: '/v2/my-orders?path=pendingInvoices', hidden: false },
  { key: 'my_appointments', label: 'My Appointments', path: '/v2/my-appointments', hidden: false },
  { key: 'faqs', label: 'FAQs', path: '/v2/faqs', hidden: false },
];
