import { type Customer, getMe } from '@loupe/contract/customers';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { customerKeys } from './customer-cache';

export async function fetchCustomer(): Promise<Customer> {
  const { customer } = await call(getMe, { sessionProbe: true });
  return customer;
}

/**
 * The current customer (customer-cache.ts). The shell asks with `refetchOnMount: 'always'` so a
 * page load or a return to the app shows fresh counts; other readers share the cached copy.
 */
export function useCustomer(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({
    queryKey: customerKeys.me(),
    queryFn: fetchCustomer,
    staleTime: 30_000,
    refetchOnMount: options.refetchOnMount ?? true,
  });
}
