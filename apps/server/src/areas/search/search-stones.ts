import type { searchStones as searchStonesRoute } from '@loupe/contract/search';
import type { StoneFilters } from '@loupe/contract/search-filters';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { markInCart } from '../cart/index.ts';
import { type StockViewer, selectStones, toStone, viewOf } from '../stones/index.ts';
import { countFacets, type FacetCache } from './count-facets.ts';
import { assertPriceAccess } from './price-access.ts';
import { type StoneScope, stoneConditions } from './stone-query.ts';
import { type StoneSort, stoneOrderBy } from './stone-sort.ts';

type SearchBody = z.output<NonNullable<(typeof searchStonesRoute)['body']>>;
type SearchResult = z.input<NonNullable<(typeof searchStonesRoute)['response']>>;

export interface SearchOptions {
  now: Date;
  /** `?gemtrac=true`: only stones whose journey can be traced. */
  gemtracOnly?: boolean;
  /** Recent facet counts, shared by every customer. */
  facetCache?: FacetCache;
}

/** The stock search: a page in the requested order, the total, and the tiles' counts on request. */
export async function searchStones(
  db: Database,
  viewer: StockViewer,
  input: SearchBody,
  options: SearchOptions,
): Promise<SearchResult> {
  if (input.new_arrivals && !viewer.kycApproved) {
    throw new AppError('KYC_REQUIRED', 'Complete your KYC to see new arrivals.');
  }
  assertPriceAccess(viewer, input.filters, input.sort);
  const scope: StoneScope = {
    stock: input.new_arrivals ? 'new_arrivals' : input.bid_to_buy ? 'bid_to_buy' : 'searchable',
    now: options.now,
    gemtracOnly: options.gemtracOnly,
  };
  const [page, facets] = await Promise.all([
    findPage(db, viewer, input.filters, scope, input),
    input.facets ? countFacets(db, input.filters, scope, options.facetCache) : undefined,
  ]);
  return { ...page, ...(facets ? { facets } : {}) };
}

/**
 * One page and the total, as two queries: the page stops after `limit` rows of an index in
 * the requested order where one exists, and the count reads only what it must.
 */
export async function findPage(
  db: Database,
  viewer: StockViewer,
  filters: StoneFilters,
  scope: StoneScope,
  page: { sort?: readonly StoneSort[]; limit: number; offset: number },
) {
  const where = stoneConditions(filters, scope);
  const [found, [total]] = await Promise.all([
    selectStones(db, {
      where,
      orderBy: stoneOrderBy(page.sort),
      limit: page.limit,
      offset: page.offset,
    }).then((rows) =>
      markInCart(
        db,
        viewer.customerId,
        rows.map((row) => toStone(row, viewOf(viewer))),
      ),
    ),
    db.select({ count: sql<number>`count(*)::integer` }).from(stones).where(where),
  ]);
  return {
    count: total?.count ?? 0,
    limit: page.limit,
    offset: page.offset,
    stones: found,
  };
}

/** `GET /store/products`: the searchable stock in the default order. */
export function listStones(
  db: Database,
  viewer: StockViewer,
  page: { limit: number; offset: number },
  now: Date,
) {
  return findPage(db, viewer, {}, { stock: 'searchable', now }, page);
}
