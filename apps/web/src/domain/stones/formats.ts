import type { Stone } from '@loupe/contract/stones';
import { MINUS, NO_VALUE, twoDecimalText } from '../money';

/**
 * How the result grid writes a stone's values (domain-facts §2.1): discounts with a true minus
 * sign, "-" for nothing; numbers and money as ../money.ts writes them.
 */

export const EMPTY_CELL = NO_VALUE;

/** "−32.50%", "0.00%", "+1.25%". */
export function formatDiscount(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return EMPTY_CELL;
  const rounded = Math.round(value * 100) / 100;
  if (rounded === 0) return '0.00%';
  const text = `${twoDecimalText(Math.abs(rounded))}%`;
  return rounded < 0 ? `${MINUS}${text}` : `+${text}`;
}

export function formatText(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? EMPTY_CELL : value;
}

/** "6.45*6.48*3.99" (length × width × depth in mm). */
export function formatMeasurements(stone: Pick<Stone, 'length' | 'width' | 'depth'>): string {
  const parts = [stone.length, stone.width, stone.depth];
  if (parts.every((part) => part == null)) return EMPTY_CELL;
  return parts.map((part) => (part == null ? EMPTY_CELL : part.toFixed(2))).join('*');
}

export function formatList(values: readonly string[] | null | undefined): string {
  return values && values.length > 0 ? values.join(', ') : EMPTY_CELL;
}

/** The girdle from its thinnest to its thickest point: "STN-MED", or one code when they agree. */
export function formatGirdle(stone: Pick<Stone, 'girdle_thin' | 'girdle_thick'>): string {
  const { girdle_thin: thin, girdle_thick: thick } = stone;
  if (!thin && !thick) return EMPTY_CELL;
  if (!thin || !thick || thin === thick) return (thin ?? thick)!;
  return `${thin}-${thick}`;
}

export const TRACR_ID_SHOWN = 18;

export function shortTracrId(id: string): string {
  return id.length > TRACR_ID_SHOWN ? `${id.slice(0, TRACR_ID_SHOWN)}…` : id;
}

export function tracrUrl(id: string): string {
  return `https://search.tracr.com/diamond/${encodeURIComponent(id)}`;
}

/** The lab's own report check: one builder for the grid, the detail page and the export. */
export { labReportUrl } from '@loupe/contract/lab-reports';
