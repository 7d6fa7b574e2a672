import { readItem, readJson, writeItem, writeJson } from '../storage';

/**
 * The visitor's cookie consent (spec §9, pins "Trade show, public site, tracking"): local storage
 * `cookie-consent` holds `{<Consent Mode name>: "granted"|"denied"}`. It is written at the first
 * load with everything denied except `security_storage`; the banner's "Accept all" grants all.
 */
export const CONSENT_KEY = 'cookie-consent';
/** Set when the visitor answered the banner, so it is not asked again. */
export const CONSENT_ANSWERED_KEY = 'cookie-consent-answered';
/** The banner waits this long after load before it appears (spec §9). */
export const CONSENT_BANNER_DELAY_MS = 500;

export const CONSENT_NAMES = [
  'ad_storage',
  'analytics_storage',
  'ad_user_data',
  'ad_personalization',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;

export type ConsentName = (typeof CONSENT_NAMES)[number];
export type ConsentValue = 'granted' | 'denied';
export type ConsentState = Record<ConsentName, ConsentValue>;

const allAs = (value: ConsentValue): ConsentState =>
  Object.fromEntries(CONSENT_NAMES.map((name) => [name, value])) as ConsentState;

/** Nothing granted but the storage that keeps the account safe (the session token). */
export const DEFAULT_CONSENT: ConsentState = { ...allAs('denied'), security_storage: 'granted' };
export const ALL_GRANTED: ConsentState = allAs('granted');

const listeners = new Set<(state: ConsentState) => void>();

/** The stored consent; anything missing or malformed counts as the default (denied). */
export function readConsent(): ConsentState {
  const stored = readJson<Partial<Record<string, unknown>>>('local', CONSENT_KEY);
  const state = { ...DEFAULT_CONSENT };
  if (stored && typeof stored === 'object') {
    for (const name of CONSENT_NAMES) {
      const value = stored[name];
      if (value === 'granted' || value === 'denied') state[name] = value;
    }
  }
  return state;
}

/** At the first load: the defaults are written so every script reads the same answer. */
export function initConsent(): void {
  if (readItem('local', CONSENT_KEY) === null) writeJson('local', CONSENT_KEY, DEFAULT_CONSENT);
}

export function hasAnsweredConsent(): boolean {
  return readItem('local', CONSENT_ANSWERED_KEY) !== null;
}

/** The visitor's answer from the banner: stored, remembered as answered, and told to listeners. */
export function answerConsent(state: ConsentState, at: Date = new Date()): void {
  writeJson('local', CONSENT_KEY, state);
  writeItem('local', CONSENT_ANSWERED_KEY, at.toISOString());
  for (const listener of listeners) listener(state);
}

export function onConsentChange(listener: (state: ConsentState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether measuring this visitor is allowed: time on page, shares, copied links and the funnel's
 * phone number are kept only with `analytics_storage` granted.
 */
export function mayMeasure(): boolean {
  return readConsent().analytics_storage === 'granted';
}
