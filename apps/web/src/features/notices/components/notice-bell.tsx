import { useEffect, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { Menu } from '../../../components/ui/menu';
import { useToken } from '../../../lib/auth-token';
import { useMarkNoticesSeen, useNotices } from '../api/notices';
import { useNoticeEvents } from '../hooks/use-notice-events';
import { useWebPushRegistration } from '../hooks/use-web-push';
import { badgeText } from '../notice-display';
import { NoticePopup } from './notice-popup';
import '../notices.css';

/**
 * The top bar's bell (spec §2): the number of unseen notices, and the popup. Opening it marks
 * every unseen notice seen; the realtime connection keeps the count current on every tab.
 */
export function NoticeBell() {
  const token = useToken();
  useNoticeEvents(token);
  useWebPushRegistration(token !== null);
  const [open, setOpen] = useState(false);
  const notices = useNotices(token !== null);
  const markSeen = useMarkNoticesSeen();
  const unseen = notices.data?.unseen_count ?? 0;
  const { mutate: markSeenNow } = markSeen;

  useEffect(() => {
    if (!open || !notices.data) return;
    const ids = notices.data.notices.filter((n) => !n.seen_at).map((n) => n.id);
    if (ids.length > 0) markSeenNow(ids);
  }, [open, notices.data, markSeenNow]);

  return (
    <Menu
      label={unseen > 0 ? `Notifications, ${unseen} unseen` : 'Notifications'}
      open={open}
      onOpenChange={setOpen}
      triggerClassName="top-bar-button notice-bell"
      className="notice-menu"
      trigger={
        <>
          <Icon name="bell" size={20} />
          {unseen > 0 ? (
            <span className="notice-badge" data-testid="notice-badge" aria-hidden="true">
              {badgeText(unseen)}
            </span>
          ) : null}
        </>
      }
    >
      {(close) => <NoticePopup query={notices} onNavigate={close} />}
    </Menu>
  );
}
