import { z } from 'zod';
import { route } from './route.ts';
import { FACET_GROUPS, stoneFilters } from './search-filters.ts';
import { STOCK_LIMITS } from './stone-vocabulary.ts';
import { stone, stoneSort } from './stones.ts';

/** The stock search: the filter form, its facet counts, the listing screens and demands. */

const facetCounts = z.record(z.string(), z.number().int());

export const searchStones = route({
  method: 'POST',
  path: '/store/products/v2/search',
  summary: 'Search the stock with the filter form; a page of stones, the total, and per-value counts',
  tag: 'search',
  auth: true,
  query: z.object({
    /** Only stones whose journey can be traced (GemTrac). */
    gemtrac: z.enum(['true', 'false']).optional(),
  }),
  body: z.object({
    filters: stoneFilters.default({}),
    /** Sort keys in order; the default is shape, carats, colour, clarity in the trade's order. */
    sort: z.array(stoneSort).max(4).optional(),
    limit: z.number().int().min(1).max(STOCK_LIMITS.pageSizeMax).default(STOCK_LIMITS.pageSizeDefault),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    /** Ask for per-value counts of the main filter groups (each counted without its own filter). */
    facets: z.boolean().default(false),
    /** Limit to new arrivals (approved customers only). */
    new_arrivals: z.boolean().default(false),
    /** Limit to the stones of the running bid-to-buy event (the bid-to-buy screen's filter form). */
    bid_to_buy: z.boolean().default(false),
  }),
  status: 200,
  response: z.object({
    count: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    stones: z.array(stone),
    facets: z.partialRecord(z.enum(FACET_GROUPS), facetCounts).optional(),
  }),
});

export const listStones = route({
  method: 'GET',
  path: '/store/products',
  summary: 'The searchable stock, a page at a time, in the default order',
  tag: 'search',
  auth: true,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(STOCK_LIMITS.pageSizeMax).default(STOCK_LIMITS.pageSizeDefault),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  status: 200,
  response: z.object({
    count: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    stones: z.array(stone),
  }),
});

export const addDemand = route({
  method: 'POST',
  path: '/store/products/add-demand',
  summary: 'Ask the KAM for stones the search did not find',
  tag: 'search',
  auth: true,
  body: z.object({
    filters: stoneFilters.optional(),
    /** Stock ids or certificate numbers a text search did not find. */
    keywords: z.array(z.string().max(64)).max(STOCK_LIMITS.textSearchKeywords).optional(),
    note: z.string().max(500).optional(),
  }),
  status: 201,
  response: z.object({ demand_id: z.string() }),
});
