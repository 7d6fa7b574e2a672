/**
 * The one writer of stones: rows in and out of the API (ranks ⇄ values), who may buy a stone,
 * how a customer sees it, and every write of the table.
 */
export type { StockViewer } from './stock-access.ts';
export { getStockViewer, requireApprovedKyc, viewOf } from './stock-access.ts';
export { countBidToBuyStones, countNewArrivals } from './stock-counts.ts';
export type { GradedKey, NewStoneRow, StoneRow } from './stone-columns.ts';
export {
  GRADED_COLUMNS,
  keyToSymbolBits,
  keyToSymbolsOf,
  priceOf,
  rankIn,
  round2,
  statusAt,
  statusRank,
  toStone,
} from './stone-columns.ts';
export { selectStones } from './stone-rows.ts';
export { standingOf } from './stone-standing.ts';
export { colorText, girdleText, measurementsText } from './stone-text.ts';
export type { LoadResult } from './write-stones.ts';
export { loadStones, refreshStoneStatistics, STATISTICS_THRESHOLD, writeStones } from './write-stones.ts';
