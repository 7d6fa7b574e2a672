import { isApiError } from './api-error';

/**
 * THE way an error becomes words on screen (spec §8). The screen that made the call shows the
 * text where it happened (a toast, a field, a line over the form): there is no interceptor.
 *
 * - No answer at all (offline, the connection dropped): the connectivity sentence.
 * - A 4xx answer: the server's own `message` (it is written for the buyer).
 * - Anything else (a 5xx, a bug): "Something went wrong".
 *
 * A screen whose wording the specification fixes passes it in (`ErrorWording`), e.g. the text
 * search's "We couldn't find any results for this search" for 400 and 404.
 */

export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
export const NETWORK_ERROR_MESSAGE = 'No internet connection. Please check your network and try again.';
export const NO_RESULTS_MESSAGE = "We couldn't find any results for this search";
export const SESSION_EXPIRED_MESSAGE =
  'Session expired! You have been logged out of all devices. Please log in again.';

export interface ErrorWording {
  /** The text for an error code, before anything else (e.g. `{ PASSWORD_REUSED: ... }`). */
  codes?: Readonly<Partial<Record<string, string>>>;
  /** The text for a status (0 is "no answer"). */
  statuses?: Readonly<Partial<Record<number, string>>>;
  /** The 4xx statuses whose server message is shown; every 4xx when left out. */
  serverWordsFor?: readonly number[];
  /** Instead of "Something went wrong" for everything else. */
  fallback?: string;
}

export function errorText(error: unknown, wording: ErrorWording = {}): string {
  const fallback = wording.fallback ?? GENERIC_ERROR_MESSAGE;
  if (!isApiError(error)) return fallback;
  const byCode = wording.codes?.[error.code];
  if (byCode !== undefined) return byCode;
  const byStatus = wording.statuses?.[error.status];
  if (byStatus !== undefined) return byStatus;
  if (error.status === 0) return NETWORK_ERROR_MESSAGE;
  const clientError = error.status >= 400 && error.status < 500;
  if (clientError && (wording.serverWordsFor ?? [error.status]).includes(error.status)) return error.message;
  return fallback;
}

/**
 * Spec §8 "Text search": nothing found or invalid input has its own sentence, an unauthorised
 * answer (e.g. the daily search limit without KYC) the server's words, anything else (offline
 * too) the generic message.
 */
export const TEXT_SEARCH_WORDING: ErrorWording = {
  statuses: { 0: GENERIC_ERROR_MESSAGE, 400: NO_RESULTS_MESSAGE, 404: NO_RESULTS_MESSAGE },
  serverWordsFor: [401, 403],
};

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * The server's messages per field of a 400 VALIDATION_FAILED answer (`details: [{path, message}]`,
 * keyed by the top-level field, the first message of each); empty for any other error.
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!isApiError(error, 'VALIDATION_FAILED') || !Array.isArray(error.details)) return errors;
  for (const entry of error.details) {
    if (!entry || typeof entry !== 'object') continue;
    const { path, message } = entry as { path?: unknown; message?: unknown };
    const key = typeof path === 'string' ? path.split('.')[0] : undefined;
    if (key && typeof message === 'string' && !errors[key]) errors[key] = message;
  }
  return errors;
}

/**
 * Where a failed submit shows: per field when the server named fields, otherwise one message
 * over the form.
 */
export function submitErrorOf(error: unknown): { fieldErrors: FieldErrors; formError?: string } {
  const fieldErrors = fieldErrorsOf(error);
  if (Object.values(fieldErrors).some(Boolean)) return { fieldErrors };
  return { fieldErrors, formError: errorText(error) };
}

/**
 * A refusal the realtime connection sent (`error {code, message}` on `/bidding`): the server's
 * words (spec §8 for a 4xx), "Something went wrong" for anything unexpected.
 */
export function realtimeErrorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return GENERIC_ERROR_MESSAGE;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string' || code === 'INTERNAL')
    return GENERIC_ERROR_MESSAGE;
  return message;
}
