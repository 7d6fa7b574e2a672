import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { NO_RESULTS_MESSAGE, textSearchErrorMessage } from './text-search-errors';

describe('textSearchErrorMessage (spec §8 "Text search")', () => {
  it('says nothing was found for invalid input and not found answers', () => {
    expect(textSearchErrorMessage(new ApiError(400, 'VALIDATION_FAILED', 'Enter a stone id'))).toBe(
      NO_RESULTS_MESSAGE,
    );
    expect(textSearchErrorMessage(new ApiError(404, 'NOT_FOUND', 'Not found'))).toBe(
      "We couldn't find any results for this search",
    );
  });

  it("shows the server's words when the customer may not search", () => {
    const limit = new ApiError(401, 'SEARCH_LIMIT', 'Your daily search limit is used up. Complete KYC.');
    expect(textSearchErrorMessage(limit)).toBe('Your daily search limit is used up. Complete KYC.');
  });

  it('falls back to the generic message for anything else', () => {
    expect(textSearchErrorMessage(new ApiError(500, 'INTERNAL', 'boom'))).toBe('Something went wrong');
    expect(textSearchErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe('Something went wrong');
    expect(textSearchErrorMessage(new Error('parse'))).toBe('Something went wrong');
  });
});
