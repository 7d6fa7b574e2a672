import type { Customer } from '@loupe/contract/customers';
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

/** The side bar entries of spec §2, top to bottom, for this customer. */
export function navEntries(customer: Customer | undefined): {
  main: NavEntry[];
  tools: NavEntry[];
  bottom: NavEntry[];
} {
  const maintenance = Boolean(customer?.maintenance_mode.end_date);
  const approved = customer?.kyc.status === 'approved';
  const hint = (ownHint?: string) => (maintenance ? MAINTENANCE_HINT : ownHint);

  const main: NavEntry[] = [
    { label: 'Dashboard', to: paths.dashboard.href(), icon: 'dashboard', section: paths.dashboard.pattern },
    {
      label: 'New Arrivals',
      to: paths.newArrivals.href(),
      icon: 'sparkle',
      section: paths.newArrivals.pattern,
    },
    {
      label: 'Bid to Buy',
      to: paths.bidToBuy.href(),
      icon: 'gavel',
      section: paths.bidToBuy.pattern,
      ...(customer?.bid_to_buy.endTime ? { badge: 'pulse' as const } : {}),
    },
  ];
  if (customer?.trade_show.show_banner) {
    main.push({
      label: 'Trade Show',
      to: paths.tradeShow.href(),
      icon: 'flag',
      section: paths.tradeShow.pattern,
      flagImage: customer.trade_show.web_image.flag_image,
    });
  }
  const tools: NavEntry[] = [
    {
      label: 'Search',
      to: paths.search.href({ 'active-tab': NEW_SEARCH_TAB }),
      icon: 'search',
      section: paths.search.pattern,
    },
    {
      label: 'Matching Pair',
      to: paths.matchingPair.href(),
      icon: 'pair',
      section: paths.matchingPair.pattern,
    },
    // Layout (paths.layout) exists but is hidden from the side bar (spec §2).
    {
      label: 'Bookmark',
      to: paths.savedSearches.href(),
      icon: 'bookmark',
      section: paths.savedSearches.pattern,
    },
    {
      label: 'My Cart',
      to: paths.myCart.href({ path: 'active' }),
      icon: 'cart',
      section: paths.myCart.pattern,
    },
    {
      label: 'Your Orders',
      to: paths.myOrders.href({ path: 'pendingInvoices' }),
      icon: 'orders',
      section: paths.myOrders.pattern,
    },
    {
      label: 'My Appointments',
      to: paths.myAppointments.href(),
      icon: 'calendar',
      section: paths.myAppointments.pattern,
      disabledHint: approved ? undefined : KYC_REQUIRED_HINT,
    },
  ];
  const bottom: NavEntry[] = [
    { label: 'FAQs', to: paths.faqs.href(), icon: 'faq', section: paths.faqs.pattern },
  ];
  for (const entry of [...main, ...tools, ...bottom]) entry.disabledHint = hint(entry.disabledHint);
  return { main, tools, bottom };
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

export function SideBar({ customer }: { customer: Customer | undefined }) {
  const { pathname } = useLocation();
  const { main, tools, bottom } = navEntries(customer);
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
      <hr className="nav-separator" />
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
