import { NOTICE_TARGETS, targetPageHref } from '@loupe/contract/notices';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
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
  input: { email: string; title?: string; message?: string; targetPage?: string | null },
): Promise<{ id: string; email: string; channels: ('web' | 'mobile' | 'email')[] }> {
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
  // Read here rather than asked of customers, which itself writes notices (its KYC decisions).
  const [customer] = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${input.email.toLowerCase()}`);
  if (!customer) throw new AppError('NOT_FOUND', `No customer with the email ${input.email}.`);
  const created = await db.transaction((tx) =>
    createNotice(tx, clock, {
      customerId: customer.id,
      kind: 'operator',
      title,
      message,
      targetPage,
    }),
  );
  const channels = (['web', 'mobile', 'email'] as const).filter((channel) => created.channels[channel]);
  return { id: created.id, email: customer.email, channels };
}
