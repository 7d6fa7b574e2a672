/** The one writer of notices, their preferences and the push devices; the dispatcher fans them out. */
export type { NoticeInput } from './create-notice.ts';
export { createNotice } from './create-notice.ts';
export type { NoticeDispatcher } from './dispatch-notices.ts';
export { createNoticeDispatcher } from './dispatch-notices.ts';
export { sendOperatorNotice } from './operator-notice.ts';
export { noticeRoutes } from './routes.ts';
