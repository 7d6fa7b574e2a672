import { AppError } from '../../platform/errors.ts';
import type { ViewOptions } from './stone-columns.ts';

/** Who is looking at the stock, and so what they may see: prices need approved KYC (spec §6). */
export interface StockViewer {
  customerId: string;
  kycApproved: boolean;
}

/**
 * The viewer of an HTTP request: its session carries the KYC status read with it (one statement
 * instead of a second lookup, decision 035), and a KYC decision is seen by the very next request
 * (the SessionReader's kept sessions go on every change of a KYC status). Every HTTP route learns
 * price access this way; only the `/bidding` socket's events read it themselves
 * (`readSocketViewer` of bidding), since a socket's session is read once, when it connects.
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
