import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem } from '../../../lib/storage';

/**
 * What the login page tells a customer whom their own action logged out: a changed password ends
 * every session, this device's too (domain-facts §9). Kept in the browser tab's session storage
 * until the next login, so that whichever of the ways to the login page comes last (the change's
 * own, or the shell's on the session's 419), the page says why the customer is there.
 */
export type LoginNotice = 'password-changed';

export const LOGIN_NOTICE_KEY = 'loupe.login-notice';

export const LOGIN_NOTICE_TEXT: Record<LoginNotice, string> = {
  'password-changed': 'Your password has been changed. Log in with your new password.',
};

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function read(): LoginNotice | null {
  const value = readItem('session', LOGIN_NOTICE_KEY);
  return value !== null && value in LOGIN_NOTICE_TEXT ? (value as LoginNotice) : null;
}

export function setLoginNotice(notice: LoginNotice): void {
  writeItem('session', LOGIN_NOTICE_KEY, notice);
  notify();
}

/** A new session begins: the notice has served. */
export function clearLoginNotice(): void {
  if (read() === null) return;
  removeItem('session', LOGIN_NOTICE_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notice's sentence for the login page, or null. */
export function useLoginNoticeText(): string | null {
  const notice = useSyncExternalStore(subscribe, read, () => null);
  return notice ? LOGIN_NOTICE_TEXT[notice] : null;
}
