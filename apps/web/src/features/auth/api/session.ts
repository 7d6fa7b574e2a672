import type { Customer } from '@loupe/contract/customers';
import type { QueryClient } from '@tanstack/react-query';
import { setCustomer } from '../../../domain/customer/customer-cache';
import { forgetLocationSent } from '../../../domain/customer/location-store';
import { setToken } from '../../../lib/auth-token';

/** Keeps the new session's token and customer; the location goes out again for this session. */
export function startSession(queryClient: QueryClient, accessToken: string, customer: Customer): void {
  queryClient.clear();
  forgetLocationSent();
  setCustomer(queryClient, customer);
  setToken(accessToken);
}
