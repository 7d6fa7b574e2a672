import type { Customer } from '@loupe/contract/customers';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { isDashboardPath } from '../../config/paths';
import { NoticeBell } from '../../features/notices/components/notice-bell';
import { GlobalSearchBox } from '../../features/text-search/components/global-search-box';
import { isSearchBoxShown, searchBoxWidth } from '../../features/text-search/search-box-layout';
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

  return (
    <header className="top-bar">
      <div className="top-bar-search">
        {showSearch ? (
          <GlobalSearchBox customer={customer} width={searchBoxWidth(onDashboard, scrollY)} />
        ) : null}
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
