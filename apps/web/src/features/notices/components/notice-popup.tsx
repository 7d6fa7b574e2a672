import { type Notice, targetPageHref } from '@loupe/contract/notices';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { type NoticeList, useReadAllNotices, useReadNotice } from '../api/notices';
import { noticeAge, noticeIcon } from '../notice-display';

/** Spec §9: the popup shows 8 skeleton rows while the notices load. */
export const SKELETON_ROWS = 8;

function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  const href = targetPageHref(notice.target_page);
  const unread = notice.read_at === null;
  const body = (
    <>
      <span className="notice-icon" aria-hidden="true">
        {notice.icon_url ? (
          <img src={notice.icon_url} alt="" width={20} height={20} />
        ) : (
          <Icon name={noticeIcon(notice.target_page)} />
        )}
      </span>
      <span className="notice-text">
        <span className="notice-title">{notice.title}</span>
        <span className="notice-message">{notice.message}</span>
        <time className="notice-time" dateTime={notice.created_at}>
          {noticeAge(notice.created_at)}
        </time>
      </span>
      {unread ? (
        <span className="notice-unread-dot">
          <span className="visually-hidden">Unread</span>
        </span>
      ) : null}
    </>
  );
  const className = `notice-row${unread ? ' notice-row-unread' : ''}`;
  return (
    <li>
      {href ? (
        <Link to={href} className={className} onClick={onOpen}>
          {body}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onOpen}>
          {body}
        </button>
      )}
    </li>
  );
}

export function NoticePopup({
  query,
  onNavigate,
}: {
  query: UseQueryResult<NoticeList>;
  onNavigate: () => void;
}) {
  const read = useReadNotice();
  const readAll = useReadAllNotices();
  const notices = query.data?.notices ?? [];
  const anyUnread = notices.some((n) => n.read_at === null);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <ul className="notice-list" aria-busy="true" aria-label="Loading notifications">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i} className="notice-skeleton" data-testid="notice-skeleton">
            <span className="notice-skeleton-icon" />
            <span className="notice-skeleton-lines">
              <span />
              <span />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (query.isError) {
    content = (
      <div className="notice-empty" role="alert">
        <p>We could not load your notifications.</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (notices.length === 0) {
    content = (
      <div className="notice-empty">
        <Icon name="bell" size={28} />
        <p>No notifications yet. Invoices, holds, bids and KYC updates will show up here.</p>
      </div>
    );
  } else {
    content = (
      <ul className="notice-list" aria-label="Notifications">
        {notices.map((notice) => (
          <NoticeRow
            key={notice.id}
            notice={notice}
            onOpen={() => {
              if (notice.read_at === null) read.mutate(notice.id);
              onNavigate();
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="notice-popup">
      <div className="notice-popup-head">
        <p className="menu-heading">Notifications</p>
        <Button
          variant="link"
          size="sm"
          disabled={!anyUnread || readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      {content}
    </div>
  );
}
