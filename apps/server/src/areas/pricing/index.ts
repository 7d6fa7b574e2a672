/** Loupe's list prices: the price grid, its calibration, and market discounts. */
export {
  clampDiscount,
  fluorescenceAdjustment,
  LAB_ADJUSTMENT,
  makeAdjustment,
  shadeAdjustment,
  typicalDiscount,
} from './market-discount.ts';
export { listPricePerCarat } from './price-grid.ts';
