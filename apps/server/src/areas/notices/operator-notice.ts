import { NOTICE_TARGETS, targetPageHref } from '@loupe/contract/notices';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createNotice } from './create-notice.ts';

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_MESSAGE_MAX = 1000;

/**
 * `npm run admin -- notice send <email> <title> <message> [target_page]`: a notice an operator
 * writes to one customer. Written like any other, so it reaches every instance's sockets.
 */
export async function sendOperatorNotice(
  db: Database,
  clock: Clock,
  customer: { id: string; email: string },
  input: { title?: string; message?: string; targetPage?: string },
): Promise<string> {
  const title = input.title?.trim() ?? '';
  const message = input.message?.trim() ?? '';
  const targetPage = input.targetPage?.trim() || null;
  if (!title || !message) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Give a title and a message: notice send <email> <title> <message>',
    );
  }
  if (title.length > NOTICE_TITLE_MAX) {
    throw new AppError('VALIDATION_FAILED', `The title is longer than ${NOTICE_TITLE_MAX} characters.`);
  }
  if (message.length > NOTICE_MESSAGE_MAX) {
    throw new AppError('VALIDATION_FAILED', `The message is longer than ${NOTICE_MESSAGE_MAX} characters.`);
  }
  if (targetPage && targetPageHref(targetPage) === null) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Unknown target page "${targetPage}". Use page or page:subtab, with page one of ${Object.keys(NOTICE_TARGETS).join(', ')}; e.g. my-cart:hold or your-orders:activeInvoices.`,
    );
  }
  const created = await db.transaction((tx) =>
    createNotice(tx, clock, {
      customerId: customer.id,
      kind: 'operator',
      title,
      message,
      targetPage,
    }),
  );
  const channels = Object.entries(created.channels)
    .filter(([, on]) => on)
    .map(([name]) => name);
  return `Notice ${created.id} sent to ${customer.email}: in the bell${
    channels.length > 0
      ? `, and by ${channels.join(', ')}`
      : ' only (the customer turned the other channels off)'
  }.`;
}
