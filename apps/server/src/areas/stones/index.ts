/**
 * The one writer of stones: rows in and out of the API (ranks ⇄ values), who may buy a stone,
 * how a customer sees it, and every write of the table: loads and uploads, revisions, and the
 * lifecycle of a stone's status (hold, memo, release, sold, returned, lapsed holds).
 */

export type { BulkTuning, BulkWriteOptions, StagingQuery, WriteStaging } from './bulk-write-stones.ts';
export {
  BULK_TUNING,
  bulkWriteStones,
  refreshStoneStatisticsGivingWay,
  refreshStoneStatisticsInTurn,
  statisticsRefreshed,
} from './bulk-write-stones.ts';
export { releaseStonesOf, removeStones } from './remove-stones.ts';
export type { StockViewer } from './stock-access.ts';
export { requireApprovedKyc, stockViewerOf, viewOf } from './stock-access.ts';
export { countBidToBuyStones, countGeneratedStones, countNewArrivals } from './stock-counts.ts';
export { changeSnapshot, pruneStoneChanges, stonesChangedSince } from './stone-changes.ts';
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
export {
  holdStones,
  lockStonesById,
  lockStonesByLot,
  markSold,
  moveHoldDates,
  offerForBidToBuy,
  releaseStones,
  reserveBlocker,
  returnBidToBuyStones,
  returnLapsedHolds,
  returnSoldToStock,
  sendOnMemo,
} from './stone-lifecycle.ts';
export {
  StoneRowCache,
  selectFlaggedStones,
  selectFlaggedStonesAmong,
  selectStones,
  stoneIdIn,
} from './stone-rows.ts';
export { standingOf } from './stone-standing.ts';
export { colorText, girdleText, measurementsText } from './stone-text.ts';
export type { LoadResult, StoneRevision, StoneSource, WriteResult } from './write-stones.ts';
export {
  emptyStock,
  insertStones,
  isStockEmpty,
  loadStones,
  redateNewArrivals,
  refreshStoneStatistics,
  reviseStones,
  STATISTICS_THRESHOLD,
  writeStones,
} from './write-stones.ts';
