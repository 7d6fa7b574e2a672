/** The one writer of notices, their preferences and the push devices; the dispatcher fans them out. */
export type { NoticeInput, NoticePart } from './create-notice.ts';
export { createNotice, noticeInsertPart } from './create-notice.ts';
export type { NoticeDispatcher } from './dispatch-notices.ts';
export { createNoticeDispatcher } from './dispatch-notices.ts';
export { readableDate, stonesPhrase } from './notice-text.ts';
export { sendOperatorNotice } from './operator-notice.ts';
export type { PastNotice } from './past-notices.ts';
export { recordPastNotices } from './past-notices.ts';
export { noticeRoutes } from './routes.ts';
