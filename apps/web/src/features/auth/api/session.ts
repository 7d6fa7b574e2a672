import type { Customer } from '@loupe/contract/customers';
import type { QueryClient } from '@tanstack/react-query';
import { setCustomer } from '../../../domain/customer/customer-cache';
import { forgetLocationSent } from '../../../domain/customer/location-store';
import { setToken } from '../../../lib/auth-token';
import { clearLoginNotice } from './login-notice';

/**
 * Keeps the new session's token and customer; the location goes out again for this session, and
 * the login page's notice (why the last session ended) has served.
 */
export function startSession(queryClient: QueryClient, accessToken: string, customer: Customer): void {
  queryClient.clear();
  clearLoginNotice();
  forgetLocationSent();
  setCustomer(queryClient, customer);
  setToken(accessToken);
}
