import { type Customer, getMe } from '@loupe/contract/customers';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/**
 * The current customer (spec §3): who is logged in, their KYC, KAM and counts. Several areas read
 * it (the shell, every screen through the current-customer context) and several change it (a log
 * in starts it, the cart and a confirmation change its counts), so it lives in the domain tier.
 */
export const customerKeys = {
  all: ['customers'] as const,
  me: () => [...customerKeys.all, 'me'] as const,
};

export async function fetchCustomer(): Promise<Customer> {
  const { customer } = await call(getMe, { sessionProbe: true });
  return customer;
}

/**
 * The shell asks with `refetchOnMount: 'always'` so a page load or a return to the app shows fresh
 * counts; other readers share the cached copy.
 */
export function useCustomer(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({
    queryKey: customerKeys.me(),
    queryFn: fetchCustomer,
    staleTime: 30_000,
    refetchOnMount: options.refetchOnMount ?? true,
  });
}

/** The customer's counts (cart, orders) changed: ask again. */
export function refreshCustomer(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: customerKeys.me() });
}

/** Keeps the customer a call answered (a login, a profile save) without asking again. */
export function setCustomer(queryClient: QueryClient, customer: Customer): void {
  queryClient.setQueryData(customerKeys.me(), customer);
}
