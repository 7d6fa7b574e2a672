import { register } from '@loupe/contract/customers';
import { referralCodes } from '@loupe/contract/portal';
import type { BodyOf, ResponseOf } from '@loupe/contract/route';
import { registrationFunnel } from '@loupe/contract/tracking';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { readItem, writeItem } from '../../../lib/storage';
import { authKeys } from './query-keys';

export type Registration = BodyOf<typeof register>;

export function registerCustomer(body: Registration): Promise<ResponseOf<typeof register>> {
  return call(register, { body });
}

export function useReferralCodes() {
  return useQuery({
    queryKey: authKeys.referralCodes(),
    queryFn: async () => (await call(referralCodes)).data,
    staleTime: 60 * 60 * 1000,
  });
}

export type FunnelStep = 'form_opened' | 'form_submitted' | 'otp_verified';

const FUNNEL_SESSION_KEY = 'loupe.funnelSession';

function funnelSessionId(): string {
  let id = readItem('session', FUNNEL_SESSION_KEY);
  if (!id) {
    id =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    writeItem('session', FUNNEL_SESSION_KEY, id);
  }
  return id;
}

/** Analytics of the registration funnel: fire and forget, failures never reach the customer. */
export function trackFunnelStep(
  step: FunnelStep,
  extra: { mobile_number?: string; status?: string } = {},
): void {
  call(registrationFunnel, {
    query: { funnel_step: step, session_id: funnelSessionId(), entry_point: 'web', ...extra },
  }).catch((error: unknown) => log.info('Funnel step not recorded', error));
}
