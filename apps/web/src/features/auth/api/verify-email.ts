import { verifyEmail } from '@loupe/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** Verifies the email address from the link in the verification email (`?verify_email=`). */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: authKeys.verifyEmail(token ?? ''),
    queryFn: () => call(verifyEmail, { body: { token: token ?? '' } }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
