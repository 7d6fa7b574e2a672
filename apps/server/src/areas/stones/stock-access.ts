import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ViewOptions } from './stone-columns.ts';

/** Who is looking at the stock, and so what they may see: prices need approved KYC (spec §6). */
export interface StockViewer {
  customerId: string;
  kycApproved: boolean;
}

export async function getStockViewer(db: Database, customerId: string): Promise<StockViewer> {
  const [row] = await db
    .select({ kycStatus: customers.kycStatus })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  return { customerId, kycApproved: row.kycStatus === 'approved' };
}

/**
 * The viewer of a request: its session carries the KYC status read with it (one statement instead
 * of a second lookup, decision 035).
 */
export function stockViewerOf(session: { customerId: string; kycApproved: boolean }): StockViewer {
  return { customerId: session.customerId, kycApproved: session.kycApproved };
}

/** How stones look to this customer: prices only with approved KYC; their own holds marked. */
export function viewOf(viewer: StockViewer): ViewOptions {
  return { showPrices: viewer.kycApproved, customerId: viewer.customerId };
}

export function requireApprovedKyc(viewer: StockViewer, message?: string) {
  if (!viewer.kycApproved) throw new AppError('KYC_REQUIRED', message);
}
