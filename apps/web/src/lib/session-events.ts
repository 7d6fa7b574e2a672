/**
 * Session endings detected by the API client, for the shell to react to.
 * - `session-ended-everywhere`: 410, a log-out of all devices happened elsewhere; the shell shows
 *   the session-expired dialog and then goes to the login page.
 * - `session-logged-out`: 419 (or a token the server no longer knows); the token is already gone.
 */
export type SessionEvent = 'session-ended-everywhere' | 'session-logged-out';

const target = new EventTarget();

export function emitSessionEvent(event: SessionEvent): void {
  target.dispatchEvent(new Event(event));
}

export function onSessionEvent(event: SessionEvent, listener: () => void): () => void {
  target.addEventListener(event, listener);
  return () => target.removeEventListener(event, listener);
}
