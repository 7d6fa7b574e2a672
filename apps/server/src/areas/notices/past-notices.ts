import type { Executor } from '../../platform/db/client.ts';
import { type NoticeKind, notices } from '../../platform/db/schema/index.ts';

export interface PastNotice {
  customerId: string;
  kind: NoticeKind;
  title: string;
  message: string;
  targetPage: string | null;
  important: boolean;
  createdAt: Date;
  seenAt: Date | null;
  readAt: Date | null;
}

/**
 * Notices from before now, already delivered (the demo buyer's bell): they go out on no channel
 * again, since the dispatcher only fans out notices that were never dispatched.
 */
export async function recordPastNotices(db: Executor, past: readonly PastNotice[]) {
  if (past.length === 0) return;
  await db
    .insert(notices)
    .values(past.map((n) => ({ ...n, web: true, mobile: true, email: true, dispatchedAt: n.createdAt })));
}
