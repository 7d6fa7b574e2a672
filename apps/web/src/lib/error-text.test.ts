import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import {
  errorText,
  fieldErrorsOf,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  NO_RESULTS_MESSAGE,
  submitErrorOf,
  TEXT_SEARCH_WORDING,
} from './error-text';

const offline = new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
const refused = new ApiError(409, 'DUPLICATE_NAME', 'A saved search has this name already');
const crashed = new ApiError(500, 'INTERNAL', 'Something went wrong');

describe('errorText (spec §8)', () => {
  it("shows the server's words for a 4xx answer", () => {
    expect(errorText(refused)).toBe('A saved search has this name already');
  });

  it('says the connection is gone when no answer came', () => {
    expect(errorText(offline)).toBe('No internet connection. Please check your network and try again.');
  });

  it('says "Something went wrong" for a server failure or a bug', () => {
    expect(errorText(crashed)).toBe('Something went wrong');
    expect(errorText(new TypeError('x is undefined'))).toBe(GENERIC_ERROR_MESSAGE);
  });

  it("takes a screen's own wording by code, by status, or instead of the generic message", () => {
    expect(errorText(refused, { codes: { DUPLICATE_NAME: 'Choose another name' } })).toBe(
      'Choose another name',
    );
    expect(
      errorText(new ApiError(404, 'NOT_FOUND', 'Not found'), { statuses: { 404: 'No such order' } }),
    ).toBe('No such order');
    expect(errorText(crashed, { fallback: 'The columns could not be saved. Try again.' })).toBe(
      'The columns could not be saved. Try again.',
    );
  });
});

describe('the text search wording (spec §8 "Text search")', () => {
  it('says nothing was found for invalid input and not found answers', () => {
    expect(errorText(new ApiError(400, 'VALIDATION_FAILED', 'Enter a stone id'), TEXT_SEARCH_WORDING)).toBe(
      NO_RESULTS_MESSAGE,
    );
    expect(errorText(new ApiError(404, 'NOT_FOUND', 'Not found'), TEXT_SEARCH_WORDING)).toBe(
      "We couldn't find any results for this search",
    );
  });

  it("shows the server's words when the customer may not search", () => {
    const limit = new ApiError(401, 'SEARCH_LIMIT', 'Your daily search limit is used up. Complete KYC.');
    expect(errorText(limit, TEXT_SEARCH_WORDING)).toBe('Your daily search limit is used up. Complete KYC.');
  });

  it('falls back to the generic message for anything else', () => {
    expect(errorText(crashed, TEXT_SEARCH_WORDING)).toBe('Something went wrong');
    expect(errorText(offline, TEXT_SEARCH_WORDING)).toBe('Something went wrong');
    expect(errorText(new ApiError(429, 'RATE_LIMITED', 'Slow down'), TEXT_SEARCH_WORDING)).toBe(
      'Something went wrong',
    );
    expect(errorText(new Error('parse'), TEXT_SEARCH_WORDING)).toBe('Something went wrong');
  });
});

describe('field errors from the server', () => {
  const invalid = new ApiError(400, 'VALIDATION_FAILED', 'Invalid data', [
    { path: 'name', message: 'A name has at most 20 characters' },
    { path: 'name', message: 'second message' },
    { path: 'meta_data.shape', message: 'Unknown shape' },
  ]);

  it('keys the first message of each field by its top-level name', () => {
    expect(fieldErrorsOf(invalid)).toEqual({
      name: 'A name has at most 20 characters',
      meta_data: 'Unknown shape',
    });
    expect(fieldErrorsOf(refused)).toEqual({});
  });

  it('puts a failed submit on its fields, or over the form', () => {
    expect(submitErrorOf(invalid).formError).toBeUndefined();
    expect(submitErrorOf(refused)).toEqual({ fieldErrors: {}, formError: refused.message });
    expect(submitErrorOf(crashed).formError).toBe(GENERIC_ERROR_MESSAGE);
  });
});
