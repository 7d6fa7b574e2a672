import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { StockViewer } from '../stones/index.ts';

/**
 * The viewer of a `/bidding` socket event, read from the database at each event. A socket's
 * session is read once, when it connects, and a KYC approved or revoked while it stays connected
 * must count from its next event. HTTP routes, bidding's REST routes included, take their viewer
 * from the session each request reads instead (stones' `stockViewerOf`, decision 035): these two
 * are the only ways the server learns a customer's price access, but for `place_bid`, which reads
 * the KYC status at each event in the statement that takes its locks (decision 044).
 */
export async function readSocketViewer(db: Database, customerId: string): Promise<StockViewer> {
  const [row] = await db
    .select({ kycStatus: customers.kycStatus })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  return { customerId, kycApproved: row.kycStatus === 'approved' };
}
