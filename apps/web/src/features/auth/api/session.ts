import type { Customer } from '@loupe/contract/customers';
import type { QueryClient } from '@tanstack/react-query';
import { setToken } from '../../../lib/auth-token';
import { forgetLocationSent } from '../../../lib/location-store';
import { customerKeys } from '../../../lib/query-keys';

/** Keeps the new session's token and customer; the location goes out again for this session. */
export function startSession(queryClient: QueryClient, accessToken: string, customer: Customer): void {
  queryClient.clear();
  forgetLocationSent();
  queryClient.setQueryData(customerKeys.me(), customer);
  setToken(accessToken);
}
