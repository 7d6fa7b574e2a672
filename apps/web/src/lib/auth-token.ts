import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem } from './storage';

/** The access token of this device's session (spec §7: every call but the public ones sends it). */
export const TOKEN_KEY = 'loupe.token';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readItem('local', TOKEN_KEY);
}

export function setToken(token: string): void {
  writeItem('local', TOKEN_KEY, token);
  notify();
}

export function clearToken(): void {
  removeItem('local', KYC_APPROVED_KEY);
  if (getToken() === null) return;
  removeItem('local', TOKEN_KEY);
  notify();
}

/**
 * Set while the signed-in customer's KYC is approved, as the app last heard it: the index page's
 * start script sends the calls only such a customer may make (the dashboard's appointments) only
 * then (lib/first-calls.ts), before anyone has asked who the customer is. Kept with every answer
 * that names the customer, and gone with the session.
 */
export const KYC_APPROVED_KEY = 'loupe.kyc-approved';

export function noteKycApproved(approved: boolean): void {
  if (approved) writeItem('local', KYC_APPROVED_KEY, '1');
  else removeItem('local', KYC_APPROVED_KEY);
}

/**
 * The login what a screen keeps in the session belongs to (result tabs, drafts): a log-out and
 * another customer's log-in in the same browser tab must not show the previous customer's. A
 * short fingerprint of the session token, not the token itself, is stored with them.
 */
export function sessionFingerprint(): string {
  const token = getToken() ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function onStorage(event: StorageEvent) {
  // Another tab logged in or out.
  if (event.key === TOKEN_KEY || event.key === null) notify();
}

export function subscribeToken(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The token, re-rendering when it is set or cleared (here or in another tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
