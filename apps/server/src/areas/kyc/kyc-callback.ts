import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { customers, kams } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { buyerForKam } from '../customers/index.ts';

/**
 * `POST /store/customers/me/request-callback-kyc`: the customer asks to be called about KYC; their
 * KAM (the sales desk when they have none) is told by email.
 */
export async function requestKycCallback(
  db: Database,
  messenger: Messenger,
  salesDeskEmail: string,
  customerId: string,
) {
  const [c] = await db
    .select({ ...buyerForKam, kycStatus: customers.kycStatus })
    .from(customers)
    .leftJoin(kams, eq(kams.id, customers.kamId))
    .where(eq(customers.id, customerId));
  if (!c) throw new AppError('NOT_FOUND', 'Customer not found.');
  await messenger.send({
    channel: 'email',
    to: c.kamEmail ?? salesDeskEmail,
    subject: `KYC callback requested by ${c.firstName} ${c.lastName}`,
    body: `${c.firstName} ${c.lastName} of ${c.companyName} asks to be called about their KYC.\n\nPhone: +${c.countryCode} ${c.phone}\nEmail: ${c.email}\nKYC status: ${c.kycStatus}`,
  });
  return { requested: true as const };
}
