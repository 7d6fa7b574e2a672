import { createSavedSearch } from '@loupe/contract/saved-searches';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { z } from 'zod';

export const SAVED_SEARCH_NAME_MAX = STOCK_LIMITS.savedSearchNameLength;

/** The Save Search and Rename forms: a name by the contract's rule, 1 to 20 characters once trimmed. */
export const savedSearchNameForm = z.object({ name: createSavedSearch.body!.shape.name });

/** The rule's message for a name, or undefined when the server would take it. */
export function savedSearchNameError(name: string): string | undefined {
  const parsed = savedSearchNameForm.shape.name.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
