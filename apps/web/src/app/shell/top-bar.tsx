import type { Customer } from '@loupe/contract/customers';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { isDashboardPath } from '../../config/paths';
import { NoticeBell } from '../../features/notices/components/notice-bell';
import { GlobalSearchBox } from '../../features/text-search/components/global-search-box';
import {
  isSearchBoxShown,
  SEARCH_BOX_MIN_WIDTH,
  searchBoxWidth,
} from '../../features/text-search/search-box-layout';
import { useWindowScrollY } from '../../lib/use-window-events';
import { HelpMenu } from './help-menu';
import { KamPopup } from './kam-popup';
import { ProfileMenu } from './profile-menu';

export function TopBar({ customer }: { customer: Customer | undefined }) {
  const { pathname } = useLocation();
  const onDashboard = isDashboardPath(pathname);
  const scrollY = useWindowScrollY(onDashboard);
  const [kamOpen, setKamOpen] = useState(false);
  const maintenance = Boolean(customer?.maintenance_mode.end_date);
  const showSearch = !maintenance && isSearchBoxShown(onDashboard, scrollY);
  const searchWidth = searchBoxWidth(onDashboard, scrollY);

  return (
    // While the box is wider than its 430 px (the dashboard's 650 px shrinking as it scrolls),
    // Help and Your KAM show their icons only (their names stay for assistive technology) and the
    // scopes close up, so the box has its full width beside the actions at 1440 px.
    <header
      className="top-bar"
      data-wide-search={showSearch && searchWidth > SEARCH_BOX_MIN_WIDTH ? '' : undefined}
    >
      <div className="top-bar-search">
        {showSearch ? <GlobalSearchBox customer={customer} width={searchWidth} /> : null}
      </div>
      <div className="top-bar-actions">
        <HelpMenu approved={customer?.kyc.status === 'approved'} onContactKam={() => setKamOpen(true)} />
        <KamPopup kam={customer?.kam ?? null} open={kamOpen} onOpenChange={setKamOpen} />
        <NoticeBell />
        <ProfileMenu customer={customer} />
      </div>
    </header>
  );
}
