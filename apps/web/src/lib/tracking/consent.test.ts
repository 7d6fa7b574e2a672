import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_GRANTED,
  answerConsent,
  CONSENT_KEY,
  DEFAULT_CONSENT,
  hasAnsweredConsent,
  initConsent,
  mayMeasure,
  onConsentChange,
  readConsent,
} from './consent';

beforeEach(() => localStorage.clear());

describe('cookie consent', () => {
  it('writes everything denied but security storage at the first load', () => {
    initConsent();
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toEqual({
      ad_storage: 'denied',
      analytics_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
    expect(hasAnsweredConsent()).toBe(false);
    expect(mayMeasure()).toBe(false);
  });

  it('keeps an earlier answer at the next load', () => {
    answerConsent(ALL_GRANTED);
    initConsent();
    expect(readConsent()).toEqual(ALL_GRANTED);
    expect(hasAnsweredConsent()).toBe(true);
    expect(mayMeasure()).toBe(true);
  });

  it('tells listeners of the answer and measures nothing after "Only necessary"', () => {
    const heard: unknown[] = [];
    const stop = onConsentChange((state) => heard.push(state));
    answerConsent(DEFAULT_CONSENT);
    stop();
    answerConsent(ALL_GRANTED);
    expect(heard).toEqual([DEFAULT_CONSENT]);
  });

  it('reads a tampered or partial value as denied', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ analytics_storage: 'yes', ad_storage: 'granted' }));
    expect(readConsent()).toEqual({ ...DEFAULT_CONSENT, ad_storage: 'granted' });
    expect(mayMeasure()).toBe(false);
    localStorage.setItem(CONSENT_KEY, 'granted');
    expect(readConsent()).toEqual(DEFAULT_CONSENT);
  });
});
