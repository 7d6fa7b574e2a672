import type { z } from 'zod';
import { GENERIC_ERROR_MESSAGE, isApiError } from './api-client';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message per top-level field of a failed zod parse. */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** A 400 VALIDATION_FAILED answer's details: `[{path: "a.b", message}]`, keyed by the top-level field. */
export function fieldErrorsFromDetails(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const entry of details) {
    if (!entry || typeof entry !== 'object') continue;
    const { path, message } = entry as { path?: unknown; message?: unknown };
    const key = typeof path === 'string' ? path.split('.')[0] : undefined;
    if (key && typeof message === 'string' && !errors[key]) errors[key] = message;
  }
  return errors;
}

/**
 * Where a failed submit shows: per field for a 400 VALIDATION_FAILED that names fields, otherwise
 * one message over the form (the server's, or "Something went wrong").
 */
export function submitErrorOf(error: unknown): { fieldErrors: FieldErrors; formError?: string } {
  const fieldErrors = isApiError(error, 'VALIDATION_FAILED') ? fieldErrorsFromDetails(error.details) : {};
  if (hasErrors(fieldErrors)) return { fieldErrors };
  return { fieldErrors, formError: isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}
