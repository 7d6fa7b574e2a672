/**
 * The stock search: the filter form's conditions and orders (stone-query, the one meaning of a
 * filter everywhere), the search with its facet counts, the listing, demands.
 */

export { idText, idWordsInto } from './index-columns.ts';
export type { StonePool } from './index-scan.ts';
export { assertPriceAccess } from './price-access.ts';
export { searchRoutes } from './routes.ts';
export { stonePool } from './search-stones.ts';
export { StoneIndex } from './stone-index.ts';
export type { StoneScope } from './stone-query.ts';
export { filtersNarrow, scopeCondition, stoneConditions } from './stone-query.ts';
export { stoneOrderBy } from './stone-sort.ts';
