import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem } from './storage';

/**
 * The hidden developer override of the mobile-device block (spec §5): the URL flag
 * `?dev-access=true`, the key combination Ctrl+Shift+D, or this stored flag. The URL flag and the
 * key combination set the stored flag, so the override survives navigation and reloads.
 * While it is on, the developer-tools warning is not shown either.
 */
export const DEV_ACCESS_KEY = 'loupe.devAccess';

const listeners = new Set<() => void>();

export function hasDevAccess(): boolean {
  return readItem('local', DEV_ACCESS_KEY) === 'true';
}

export function setDevAccess(on: boolean): void {
  if (on) writeItem('local', DEV_ACCESS_KEY, 'true');
  else removeItem('local', DEV_ACCESS_KEY);
  for (const listener of listeners) listener();
}

export function urlGrantsDevAccess(search: string): boolean {
  return new URLSearchParams(search).get('dev-access') === 'true';
}

export function isDevAccessShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'key'>): boolean {
  return event.ctrlKey && event.shiftKey && event.key.toLowerCase() === 'd';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDevAccess(): boolean {
  return useSyncExternalStore(subscribe, hasDevAccess, () => false);
}
