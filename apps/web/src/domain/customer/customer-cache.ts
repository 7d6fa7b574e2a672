import { type Customer, getMe } from '@loupe/contract/customers';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { noteKycApproved } from '../../lib/auth-token';

/**
 * The current customer's place in the query cache (spec §3): who is logged in, their KYC, KAM and
 * counts. Several areas read it (the shell, every screen through the current-customer context) and
 * several change it (a log in starts it, the cart and a confirmation change its counts), so it
 * lives in the domain tier. Apart from the query (customer-query.ts) so the login page, which only
 * keeps the customer its call answered, and the app's start, which asks for it early, do not load
 * react-query's observer.
 */
export const customerKeys = {
  all: ['customers'] as const,
  me: () => [...customerKeys.all, 'me'] as const,
};

/** The customer's counts (cart, orders) changed: ask again. */
export function refreshCustomer(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: customerKeys.me() });
}

/** What the next page load's start script needs to know of the customer (lib/auth-token.ts). */
function noteCustomer(customer: Customer): Customer {
  noteKycApproved(customer.kyc.status === 'approved');
  return customer;
}

/** Keeps the customer a call answered (a login, a profile save) without asking again. */
export function setCustomer(queryClient: QueryClient, customer: Customer): void {
  queryClient.setQueryData(customerKeys.me(), noteCustomer(customer));
}

export async function fetchCustomer(): Promise<Customer> {
  const { customer } = await call(getMe, { sessionProbe: true });
  return noteCustomer(customer);
}

/** Asks for the customer before the shell is on the screen; the shell's query then shares the answer. */
export function prefetchCustomer(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: customerKeys.me(),
    queryFn: fetchCustomer,
    staleTime: 30_000,
  });
}
