import type { Customer } from '@loupe/contract/customers';
import { isDashboardPath, paths } from '../../config/paths';

/** The browser key of the KYC nudge (spec §4): the full sheet first, then the mini banner. */
export const NUDGE_KEY = 'show-nudge';
export type Nudge = 'FULL' | 'MINI';

/**
 * Which nudge a customer gets: none once approved; else what the browser keeps, or at first the
 * FULL sheet for a new customer and MINI straight away for an existing user.
 */
export function nudgeFor(
  customer: Pick<Customer, 'kyc' | 'existing_user'>,
  stored: string | null,
): Nudge | null {
  if (customer.kyc.status === 'approved') return null;
  if (stored === 'FULL' || stored === 'MINI') return stored;
  return customer.existing_user ? 'MINI' : 'FULL';
}

/** The screens the mini banner shows on: the buying screens, never /v2/kyc. */
const MINI_SCREENS = [
  paths.search.pattern,
  paths.newArrivals.pattern,
  paths.bidToBuy.pattern,
  paths.myCart.pattern,
  paths.detailPage.pattern,
  paths.matchingPair.pattern,
  paths.savedSearches.pattern,
];

export function showsMiniNudge(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.kyc.pattern) return false;
  return isDashboardPath(path) || MINI_SCREENS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** What the mini banner says for a status (and the banner key while KYC is in progress or under review). */
export function nudgeText(customer: Pick<Customer, 'kyc' | 'existing_user'>): string {
  const { status, banner_key } = customer.kyc;
  if (status === 'pending' || banner_key?.endsWith('-under-review')) {
    return 'Your KYC is under review. We answer within 3 days.';
  }
  if (status === 'rejected') return 'Your KYC was not approved. Restart it to see prices and buy.';
  if (customer.existing_user) return 'We are checking your account for the documents you shared before.';
  if (status === 'inprogress')
    return 'Finish your KYC to see prices, confirm stones, bid and book appointments.';
  return 'Complete your KYC to see prices, confirm stones, bid and book appointments.';
}
