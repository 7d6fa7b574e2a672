import { and, eq, ne, sql } from 'drizzle-orm';
import { createNotice, sendOperatorNotice } from '../../areas/notices/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, portalSettings } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { isOrderCommand, orderUsage, runOrderCommand } from './order-commands.ts';
import { type AttachedFile, runStockCommand, stockUsage } from './stock-commands.ts';

export const operatorUsage = `Commands:
  kyc approve <email>                 approve a customer's KYC
  kyc reject <email>                  reject a customer's KYC
  maintenance on <ISO end date>       put the portal into maintenance until the date
  maintenance off                     end maintenance
  trade-show on <email>               show the trade-show entry to a customer
  trade-show off <email>              hide it again
  notice send <email> <title> <message> [target_page]
                                      send a customer a notice (target e.g. my-cart:hold)
${orderUsage}
${stockUsage}`;

/** What the customer reads when the operator decides on their KYC. */
const kycNotice = {
  approved: {
    title: 'KYC approved',
    message:
      'Your KYC is approved. You can now confirm stones, place bids and book appointments with your KAM.',
  },
  rejected: {
    title: 'KYC not approved',
    message:
      'We could not approve your KYC with the documents on file. Your KAM will contact you about what is missing.',
  },
};

/** Every admin command, run the same way from the CLI (database opened directly) and the operator API. */
export async function runOperatorCommand(
  deps: { db: Database; clock: Clock },
  args: string[],
  attachment: { file?: AttachedFile } = {},
): Promise<string> {
  const { db, clock } = deps;
  const [area, action, ...rest] = args;
  const now = clock.now();

  const customerByEmail = async (email: string | undefined) => {
    if (!email) throw new AppError('VALIDATION_FAILED', 'Name the customer by email.');
    const [c] = await db
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
    if (!c) throw new AppError('NOT_FOUND', `No customer with the email ${email}.`);
    return c;
  };

  if (area === 'kyc' && (action === 'approve' || action === 'reject')) {
    const c = await customerByEmail(rest[0]);
    const status = action === 'approve' ? 'approved' : 'rejected';
    const changed = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(customers)
        .set({ kycStatus: status, kycBannerKey: null, updatedAt: now })
        .where(and(eq(customers.id, c.id), ne(customers.kycStatus, status)))
        .returning({ id: customers.id });
      if (!updated) return false;
      await createNotice(tx as unknown as Database, clock, {
        customerId: c.id,
        kind: 'kyc_status',
        ...kycNotice[status],
        targetPage: 'dashboard',
      });
      return true;
    });
    return changed ? `KYC of ${c.email} is now ${status}.` : `KYC of ${c.email} is already ${status}.`;
  }

  if (area === 'maintenance' && action === 'on') {
    const end = new Date(rest[0] ?? '');
    if (!rest[0] || Number.isNaN(end.getTime())) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Give the end of maintenance as an ISO date, e.g. 2026-12-01T06:00:00Z.',
      );
    }
    if (end <= now) throw new AppError('VALIDATION_FAILED', 'The end of maintenance must be in the future.');
    const value = { end_date: end.toISOString() };
    await db
      .insert(portalSettings)
      .values({ key: 'maintenance', value, updatedAt: now })
      .onConflictDoUpdate({ target: portalSettings.key, set: { value, updatedAt: now } });
    return `Maintenance is on until ${end.toISOString()}.`;
  }
  if (area === 'maintenance' && action === 'off') {
    await db.delete(portalSettings).where(eq(portalSettings.key, 'maintenance'));
    return 'Maintenance is off.';
  }

  if (area === 'trade-show' && (action === 'on' || action === 'off')) {
    const c = await customerByEmail(rest[0]);
    await db
      .update(customers)
      .set({ tradeShowBanner: action === 'on', updatedAt: now })
      .where(eq(customers.id, c.id));
    return `The trade-show entry is ${action} for ${c.email}.`;
  }

  if (area === 'notice' && action === 'send') {
    const [email, title, message, targetPage, ...extra] = rest;
    if (extra.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Quote the title and the message: notice send <email> "<title>" "<message>" [target_page]',
      );
    }
    const c = await customerByEmail(email);
    return sendOperatorNotice(db, clock, c, { title, message, targetPage });
  }

  if (isOrderCommand(area, action)) return runOrderCommand(deps, area!, action!, rest);

  if (area === 'stock' && (action === 'generate' || action === 'import')) {
    return runStockCommand(deps, action, rest, attachment.file);
  }

  throw new AppError('VALIDATION_FAILED', `Unknown command: ${args.join(' ')}\n${operatorUsage}`);
}
