import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-client';

export const NO_RESULTS_MESSAGE = "We couldn't find any results for this search";

/**
 * The toast a failed text search shows (spec §8 "Text search"): nothing found or invalid input
 * has its own sentence, an unauthorised answer (e.g. the daily search limit without KYC) shows
 * the server's words, anything else the generic message.
 */
export function textSearchErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  if (error.status === 400 || error.status === 404) return NO_RESULTS_MESSAGE;
  if (error.status === 401 || error.status === 403) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
