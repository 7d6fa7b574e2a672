import { z } from 'zod';
import { route } from './route.ts';
import { stoneFilters } from './search-filters.ts';
import { STOCK_LIMITS } from './stone-vocabulary.ts';

const savedSearchName = z
  .string()
  .trim()
  .min(1, 'Enter a name for the search')
  .max(
    STOCK_LIMITS.savedSearchNameLength,
    `A name has at most ${STOCK_LIMITS.savedSearchNameLength} characters`,
  );

export const savedSearch = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Stones the search found when it was saved. */
    diamond_count: z.number().int(),
    meta_data: stoneFilters,
    is_matching_pair: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearch>;

export const listSavedSearches = route({
  method: 'GET',
  path: '/store/saved-searches',
  summary: "The customer's saved searches, newest first, optionally filtered by name",
  tag: 'saved-searches',
  auth: true,
  query: z.object({
    name: z.string().max(STOCK_LIMITS.savedSearchNameLength).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(200),
  }),
  status: 200,
  response: z.object({ saved_searches: z.array(savedSearch), count: z.number().int() }),
});

export const createSavedSearch = route({
  method: 'POST',
  path: '/store/saved-searches',
  summary: 'Save a search under a name',
  tag: 'saved-searches',
  auth: true,
  body: z.object({
    name: savedSearchName,
    diamond_count: z.number().int().min(0),
    meta_data: stoneFilters,
    is_deleted: z.literal(false).optional(),
    is_matching_pair: z.boolean().default(false),
  }),
  status: 201,
  response: z.object({ saved_search: savedSearch }),
});

export const updateSavedSearch = route({
  method: 'PUT',
  path: '/store/saved-searches/:savedSearchId',
  summary: 'Rename a saved search or replace its filters',
  tag: 'saved-searches',
  auth: true,
  params: z.object({ savedSearchId: z.uuid() }),
  body: z.object({
    name: savedSearchName.optional(),
    diamond_count: z.number().int().min(0).optional(),
    meta_data: stoneFilters.optional(),
  }),
  status: 200,
  response: z.object({ saved_search: savedSearch }),
});

export const deleteSavedSearches = route({
  method: 'POST',
  path: '/store/saved-searches/delete',
  summary: 'Delete one or several saved searches',
  tag: 'saved-searches',
  auth: true,
  body: z.object({ ids: z.array(z.uuid()).min(1).max(200) }),
  status: 204,
});

/** One column of the result grid as the customer arranged it (domain-facts §2.1). */
export const columnPreference = z.object({
  accessor: z.string().max(40),
  sequence: z.number().int().min(0).max(200),
  is_disabled: z.boolean(),
});
export type ColumnPreference = z.infer<typeof columnPreference>;

export const getColumnPreferences = route({
  method: 'GET',
  path: '/store/customers/me/column-preferences',
  summary: "The customer's result-grid columns (empty until they change the default)",
  tag: 'saved-searches',
  auth: true,
  status: 200,
  response: z.object({ columns: z.array(columnPreference) }),
});

export const saveColumnPreferences = route({
  method: 'PUT',
  path: '/store/customers/me/column-preferences',
  summary: "Keep the customer's result-grid columns: order and which are hidden",
  tag: 'saved-searches',
  auth: true,
  body: z.object({ columns: z.array(columnPreference).max(80) }),
  status: 200,
  response: z.object({ columns: z.array(columnPreference) }),
});
