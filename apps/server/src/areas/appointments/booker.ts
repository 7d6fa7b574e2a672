import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { customers, kams } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/** The customer who books, with what the KAM's emails and the invitations say about them. */
export interface Booker {
  id: string;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  phone: string;
  kycApproved: boolean;
  kam: {
    id: string;
    name: string;
    post: string;
    email: string;
    image: string | null;
    location: string;
  } | null;
}

export async function findBooker(db: Executor, customerId: string): Promise<Booker> {
  const [row] = await db
    .select({ customer: customers, kam: kams })
    .from(customers)
    .leftJoin(kams, eq(kams.id, customers.kamId))
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  const { customer, kam } = row;
  return {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    companyName: customer.companyName,
    email: customer.email,
    phone: `+${customer.countryCode} ${customer.phone}`,
    kycApproved: customer.kycStatus === 'approved',
    kam: kam
      ? {
          id: kam.id,
          name: kam.name,
          post: kam.post,
          email: kam.email,
          image: kam.image,
          location: kam.location,
        }
      : null,
  };
}

export type BookerWithKam = Booker & { kam: NonNullable<Booker['kam']> };

/** A customer with a KAM's calendar to book in; appointments also need approved KYC (spec §6). */
export async function findKamBooker(
  db: Executor,
  customerId: string,
  options: { kycRequired: boolean },
): Promise<BookerWithKam> {
  const booker = await findBooker(db, customerId);
  if (options.kycRequired && !booker.kycApproved) {
    throw new AppError('KYC_REQUIRED', 'Please complete your KYC to book appointments.');
  }
  if (!booker.kam) {
    throw new AppError(
      'CONFLICT',
      'No key account manager looks after your account yet. Please try again later.',
    );
  }
  return booker as BookerWithKam;
}

export function fullName(booker: Pick<Booker, 'firstName' | 'lastName'>): string {
  return `${booker.firstName} ${booker.lastName}`;
}
