import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, portalSettings } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

export const operatorUsage = `Commands:
  kyc approve <email>                 approve a customer's KYC
  kyc reject <email>                  reject a customer's KYC
  maintenance on <ISO end date>       put the portal into maintenance until the date
  maintenance off                     end maintenance
  trade-show on <email>               show the trade-show entry to a customer
  trade-show off <email>              hide it again`;

/** Every admin command, run the same way from the CLI (database opened directly) and the operator API. */
export async function runOperatorCommand(
  deps: { db: Database; clock: Clock },
  args: string[],
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
    await db
      .update(customers)
      .set({ kycStatus: status, kycBannerKey: null, updatedAt: now })
      .where(eq(customers.id, c.id));
    return `KYC of ${c.email} is now ${status}.`;
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

  throw new AppError('VALIDATION_FAILED', `Unknown command: ${args.join(' ')}\n${operatorUsage}`);
}
