import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { releaseStonesOf } from '../stones/index.ts';
import { findCustomerByEmail } from './customer-records.ts';
import { deleteProfilePhoto } from './profile-photo.ts';

/**
 * Removes a customer outside production (the end-to-end tests' cleanup of the customers they
 * registered): their holds and memos end first (the stones are Available again), then the row
 * goes and the database removes everything theirs with it (sessions, cart, orders, memos, bids,
 * saved searches, notices, KYC, appointments); their profile photo's files and the files other
 * areas keep for them (`removeFilesOf`: KYC's documents) go too.
 */
export async function removeCustomer(
  db: Database,
  clock: Clock,
  storage: Storage,
  email: string,
  removeFilesOf: (customerId: string) => Promise<void>,
) {
  const customer = await findCustomerByEmail(db, email);
  await deleteProfilePhoto(db, storage, customer.id);
  await removeFilesOf(customer.id);
  await db.transaction(async (tx) => {
    await releaseStonesOf(tx, customer.id, clock.now());
    await tx.delete(customers).where(eq(customers.id, customer.id));
  });
}
