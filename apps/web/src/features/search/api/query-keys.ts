export const searchKeys = {
  all: ['stock-search'] as const,
  /** The live count (and tile counts) of the search form. */
  count: (filters: unknown, stock = 'stock') => [...searchKeys.all, 'count', { filters, stock }] as const,
  /** Every stone of a result in one order (the grid pages through it). */
  result: (filters: unknown, sort: unknown, newArrivals = false) =>
    [...searchKeys.all, 'result', { filters, sort, newArrivals }] as const,
};
