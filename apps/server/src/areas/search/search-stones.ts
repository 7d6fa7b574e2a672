import type { searchStones as searchStonesRoute } from '@loupe/contract/search';
import type { StoneFilters } from '@loupe/contract/search-filters';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { inCartCondition } from '../cart/index.ts';
import {
  type StockViewer,
  type StoneRow,
  StoneRowCache,
  selectFlaggedStones,
  selectFlaggedStonesAmong,
  toStone,
  viewOf,
} from '../stones/index.ts';
import { countFacets, type FacetCache, type Facets } from './count-facets.ts';
import { searchIndexKept } from './index-cache.ts';
import { indexPlan } from './index-query.ts';
import { poolOf, type StonePool } from './index-scan.ts';
import { assertPriceAccess } from './price-access.ts';
import type { StoneIndex } from './stone-index.ts';
import { type StoneScope, stoneConditions } from './stone-query.ts';
import { type StoneSort, stoneOrderBy } from './stone-sort.ts';

type SearchBody = z.output<NonNullable<(typeof searchStonesRoute)['body']>>;
type SearchResult = z.input<NonNullable<(typeof searchStonesRoute)['response']>>;

export interface SearchOptions {
  now: Date;
  /** `?gemtrac=true`: only stones whose journey can be traced. */
  gemtracOnly?: boolean;
  /** Recent facet counts, shared by every customer (the SQL path's). */
  facetCache?: FacetCache;
  /** The in-process index (decision 023); without it, or while it loads, the search is SQL. */
  index?: StoneIndex;
  /** The stone rows read before, by version, for the pages the index names (decision 066). */
  rowCache?: StoneRowCache;
}

interface PageRequest {
  sort?: readonly StoneSort[];
  limit: number;
  offset: number;
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
  const indexed = await searchIndexed(db, viewer, input.filters, scope, input, input.facets, options);
  if (indexed) return indexed;
  const [page, facets] = await Promise.all([
    findPage(db, viewer, input.filters, scope, input),
    input.facets ? countFacets(db, input.filters, scope, options.facetCache) : undefined,
  ]);
  return { ...page, ...(facets ? { facets } : {}) };
}

/**
 * The search through the in-process index: the count and the tiles from memory, the page's rows
 * from the database by id (exactly ordered there among the candidates the index names, each
 * checked against the filters again, so a stone sold since the index last looked stays off the
 * page). Null when the index cannot answer: loading, a scope or a filter it does not hold.
 */
async function searchIndexed(
  db: Database,
  viewer: StockViewer,
  filters: StoneFilters,
  scope: StoneScope,
  page: PageRequest,
  facets: boolean,
  { index, rowCache }: Pick<SearchOptions, 'index' | 'rowCache'>,
): Promise<(Awaited<ReturnType<typeof findPage>> & { facets?: Facets }) | null> {
  if (!index || scope.stock !== 'searchable' || scope.gemtracOnly) return null;
  const plan = indexPlan(filters);
  if (!plan) return null;
  const columns = await index.fresh();
  if (!columns) return null;
  const answer = searchIndexKept(columns, plan, {
    filters,
    facets,
    sort: page.sort,
    end: page.offset + page.limit,
  });
  // The whole filter again among the candidates, though the index matched them exactly: with the
  // scope alone the database spent several times the CPU on the form's live count (decision 077).
  const where = stoneConditions(filters, scope);
  const found =
    answer.candidates === null
      ? await pageRows(db, viewer, where, page)
      : await candidateRows(db, viewer, where, answer.candidates, page, rowCache);
  return {
    count: answer.count,
    limit: page.limit,
    offset: page.offset,
    stones: found,
    ...(answer.facets ? { facets: answer.facets } : {}),
  };
}

/** The rows of a page as the customer sees them, with their cart marks (one statement). */
async function pageRows(db: Database, viewer: StockViewer, where: SQL, page: PageRequest) {
  const found = await selectFlaggedStones(db, pageQuery(viewer, where, page));
  return asSeenBy(viewer, found);
}

/**
 * The same among the candidates the index names, reading whole only the rows `rowCache` lacks
 * (without one, a cache that keeps nothing: every row is read whole).
 */
async function candidateRows(
  db: Database,
  viewer: StockViewer,
  where: SQL,
  candidates: readonly string[],
  page: PageRequest,
  rowCache = new StoneRowCache(0),
) {
  const found = await selectFlaggedStonesAmong(db, rowCache, candidates, pageQuery(viewer, where, page));
  return asSeenBy(viewer, found);
}

function pageQuery(viewer: StockViewer, where: SQL, page: PageRequest) {
  return {
    where,
    orderBy: stoneOrderBy(page.sort),
    limit: page.limit,
    offset: page.offset,
    flag: inCartCondition(viewer.customerId, sql`${stones.id}`),
  };
}

function asSeenBy(viewer: StockViewer, found: { row: StoneRow; flag: boolean }[]) {
  const view = viewOf(viewer);
  return found.map(({ row, flag }) => ({ ...toStone(row, view), in_cart: flag }));
}

/**
 * One page and the total by SQL, as two queries: the page stops after `limit` rows of an index
 * in the requested order where one exists, and the count reads only what it must.
 */
export async function findPage(
  db: Database,
  viewer: StockViewer,
  filters: StoneFilters,
  scope: StoneScope,
  page: PageRequest,
) {
  const where = stoneConditions(filters, scope);
  const [found, [total]] = await Promise.all([
    pageRows(db, viewer, where, page),
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
export async function listStones(
  db: Database,
  viewer: StockViewer,
  page: { limit: number; offset: number },
  now: Date,
  options: Pick<SearchOptions, 'index' | 'rowCache'> = {},
) {
  const scope: StoneScope = { stock: 'searchable', now };
  return (
    (await searchIndexed(db, viewer, {}, scope, page, false, options)) ??
    findPage(db, viewer, {}, scope, page)
  );
}

/**
 * The stones of one status within the filters, from the index (matching pairs' pool), with every
 * change committed before the call; null when the index cannot answer (loading, a scope or
 * a filter it does not hold) and the caller asks SQL. The index's version comes first, so a
 * caller holding a result of that version skips the scan (`scan` reads the index as it is).
 */
export async function stonePool(
  index: StoneIndex | undefined,
  filters: StoneFilters,
  options: { status: number; gemtracOnly?: boolean; max: number },
): Promise<{ version: string; scan(): StonePool } | null> {
  if (!index || options.gemtracOnly) return null;
  const plan = indexPlan(filters);
  if (!plan) return null;
  const columns = await index.fresh();
  return columns
    ? { version: columns.version, scan: () => poolOf(columns, plan, options.status, options.max) }
    : null;
}
