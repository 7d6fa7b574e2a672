import { register } from '@loupe/contract/customers';
import { referralCodes } from '@loupe/contract/portal';
import type { BodyOf, ResponseOf } from '@loupe/contract/route';
import { eventTrack, registrationFunnel } from '@loupe/contract/tracking';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { readItem, writeItem } from '../../../lib/storage';
import { currentCampaign } from '../../../lib/tracking/campaign';
import { mayMeasure } from '../../../lib/tracking/consent';
import { authKeys } from './query-keys';

export type Registration = BodyOf<typeof register>;

/** Registers, with the campaign the visitor came by while it is kept (spec §9, 3 hours). */
export function registerCustomer(body: Registration): Promise<ResponseOf<typeof register>> {
  const utm = currentCampaign();
  return call(register, { body: utm ? { ...body, utm } : body });
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

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** One id for the visitor's way through the form, kept for the tab's life (with consent only). */
function funnelSessionId(): string {
  let id = readItem('session', FUNNEL_SESSION_KEY);
  if (!id) {
    id = randomId();
    writeItem('session', FUNNEL_SESSION_KEY, id);
  }
  return id;
}

/**
 * Analytics of the registration funnel: fire and forget, failures never reach the customer. The
 * step always counts anonymously (`/event-track`); the session and the phone number are sent only
 * with analytics consent, otherwise each step is on its own and carries no number.
 */
export function trackFunnelStep(
  step: FunnelStep,
  extra: { mobile_number?: string; status?: string } = {},
): void {
  const measured = mayMeasure();
  const { mobile_number, status } = extra;
  const query = {
    funnel_step: step,
    session_id: measured ? funnelSessionId() : randomId(),
    entry_point: 'web',
    ...(status ? { status } : {}),
    ...(measured && mobile_number ? { mobile_number } : {}),
  };
  call(registrationFunnel, { query }).catch((error: unknown) => log.info('Funnel step not recorded', error));
  call(eventTrack, { params: { event: `registration_${step}` } }).catch((error: unknown) =>
    log.info('Event not recorded', error),
  );
}
