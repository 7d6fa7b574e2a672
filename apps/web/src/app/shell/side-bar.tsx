import type { Customer } from '@loupe/contract/customers';
import type { SideBarItem, SideBarKey } from '@loupe/contract/portal';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName, LoupeMark } from '../../components/ui/icon';
import { isDashboardPath, NEW_SEARCH_TAB, paths } from '../../config/paths';

export const KYC_REQUIRED_HINT = 'Complete your KYC to book appointments';
export const MAINTENANCE_HINT = 'Unavailable during maintenance';

interface NavEntry {
  label: string;
  to: string;
  icon: IconName;
  /** Path prefix that marks the entry as the current page. */
  section: string;
  disabledHint?: string | undefined;
  badge?: 'pulse';
  flagImage?: string | null;
}

/** Each entry's screen, icon and address: addresses come from the path registry, by key. */
const ENTRY_SCREENS: Record<SideBarKey, { to: string; section: string; icon: IconName }> = {
  dashboard: { to: paths.dashboard.href(), section: paths.dashboard.pattern, icon: 'dashboard' },
  new_arrivals: { to: paths.newArrivals.href(), section: paths.newArrivals.pattern, icon: 'sparkle' },
  bid_to_buy: { to: paths.bidToBuy.href(), section: paths.bidToBuy.pattern, icon: 'gavel' },
  trade_show: { to: paths.tradeShow.href(), section: paths.tradeShow.pattern, icon: 'flag' },
  search: {
    to: paths.search.href({ 'active-tab': NEW_SEARCH_TAB }),
    section: paths.search.pattern,
    icon: 'search',
  },
  matching_pair: { to: paths.matchingPair.href(), section: paths.matchingPair.pattern, icon: 'pair' },
  layout: { to: paths.layout.href(), section: paths.layout.pattern, icon: 'route' },
  bookmark: { to: paths.savedSearches.href(), section: paths.savedSearches.pattern, icon: 'bookmark' },
  my_cart: { to: paths.myCart.href({ path: 'active' }), section: paths.myCart.pattern, icon: 'cart' },
  your_orders: {
    to: paths.myOrders.href({ path: 'pendingInvoices' }),
    section: paths.myOrders.pattern,
    icon: 'orders',
  },
  my_appointments: {
    to: paths.myAppointments.href(),
    section: paths.myAppointments.pattern,
    icon: 'calendar',
  },
  faqs: { to: paths.faqs.href(), section: paths.faqs.pattern, icon: 'faq' },
};

/** The separator of spec §2 comes before this entry; these entries sit at the bottom. */
const FIRST_TOOL: SideBarKey = 'search';
const BOTTOM: readonly SideBarKey[] = ['faqs'];

/**
 * The side bar entries for this customer, in the order of `GET /public/data/side_bar_config`
 * (spec §2): hidden ones left out, Trade Show only with the customer's banner flag, My
 * Appointments disabled until KYC is approved, every entry disabled in maintenance.
 */
export function navEntries(
  customer: Customer | undefined,
  items: readonly SideBarItem[],
): { main: NavEntry[]; tools: NavEntry[]; bottom: NavEntry[] } {
  const maintenance = Boolean(customer?.maintenance_mode.end_date);
  const approved = customer?.kyc.status === 'approved';
  const groups = { main: [] as NavEntry[], tools: [] as NavEntry[], bottom: [] as NavEntry[] };
  let group: 'main' | 'tools' = 'main';
  for (const item of items) {
    if (item.key === FIRST_TOOL) group = 'tools';
    if (item.hidden) continue;
    if (item.key === 'trade_show' && !customer?.trade_show.show_banner) continue;
    const screen = ENTRY_SCREENS[item.key];
    const entry: NavEntry = { label: item.label, ...screen };
    if (item.key === 'bid_to_buy' && customer?.bid_to_buy.endTime) entry.badge = 'pulse';
    if (item.key === 'trade_show') entry.flagImage = customer?.trade_show.web_image.flag_image ?? null;
    if (item.key === 'my_appointments' && !approved) entry.disabledHint = KYC_REQUIRED_HINT;
    if (maintenance) entry.disabledHint = MAINTENANCE_HINT;
    groups[BOTTOM.includes(item.key) ? 'bottom' : group].push(entry);
  }
  return groups;
}

function isCurrent(entry: NavEntry, pathname: string): boolean {
  if (entry.section === paths.dashboard.pattern) return isDashboardPath(pathname);
  return pathname === entry.section || pathname.startsWith(`${entry.section}/`);
}

function NavItem({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  const content = (
    <>
      {entry.flagImage ? (
        <img className="nav-flag" src={entry.flagImage} alt="Trade show flag" width={18} height={12} />
      ) : (
        <Icon name={entry.icon} />
      )}
      <span className="nav-label">{entry.label}</span>
      {entry.badge === 'pulse' ? (
        <span className="pulse-dot" role="img" aria-label="Bid to buy event running" />
      ) : null}
    </>
  );
  if (entry.disabledHint) {
    return (
      <li>
        {/* A link that cannot be followed: no href, announced as disabled, hint on hover and focus. */}
        {/* biome-ignore lint/a11y/useValidAnchor: a disabled link keeps its link role without a target */}
        <a
          role="link"
          aria-label={entry.label}
          aria-disabled="true"
          tabIndex={0}
          className="nav-item is-disabled"
          title={entry.disabledHint}
          data-tooltip={entry.disabledHint}
        >
          {content}
        </a>
      </li>
    );
  }
  return (
    <li>
      <Link
        to={entry.to}
        aria-label={entry.label}
        className="nav-item"
        aria-current={isCurrent(entry, pathname) ? 'page' : undefined}
      >
        {content}
      </Link>
    </li>
  );
}

/** The side bar; its entries wait for the side bar config (the logo shows at once). */
export function SideBar({
  customer,
  items,
}: {
  customer: Customer | undefined;
  items: readonly SideBarItem[] | undefined;
}) {
  const { pathname } = useLocation();
  const { main, tools, bottom } = navEntries(customer, items ?? []);
  return (
    <nav className="side-bar" aria-label="Main">
      <Link to={paths.dashboard.href()} className="side-bar-logo" aria-label="Loupe home">
        <LoupeMark size={30} />
        <span className="side-bar-brand">Loupe</span>
      </Link>
      <ul className="nav-list">
        {main.map((entry) => (
          <NavItem key={entry.label} entry={entry} pathname={pathname} />
        ))}
      </ul>
      {main.length > 0 ? <hr className="nav-separator" /> : null}
      <ul className="nav-list">
        {tools.map((entry) => (
          <NavItem key={entry.label} entry={entry} pathname={pathname} />
        ))}
      </ul>
      <ul className="nav-list nav-bottom">
        {bottom.map((entry) => (
          <NavItem key={entry.label} entry={entry} pathname={pathname} />
        ))}
      </ul>
    </nav>
  );
}
