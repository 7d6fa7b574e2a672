import { CARAT_LIMITS, CARAT_PRESETS } from '@loupe/contract/stone-vocabulary';
import type { RangeText } from './form-state';
import { BOTH_ENDS_MESSAGE, checkRange, FROM_ABOVE_TO_MESSAGE, parseAmount } from './range-validation';

/**
 * Carat ranges (domain-facts §1.3): preset tiles, groups that stand for several sub-ranges, and
 * custom From/To ranges added as chips. Ranges travel as "from-to" with 2 decimals each.
 */

export type CaratPreset = (typeof CARAT_PRESETS)[number];

export function formatCaratRange(from: number, to: number): string {
  return `${from.toFixed(2)}-${to.toFixed(2)}`;
}

/** "3-3.99" → "3.00-3.99"; null for anything that is not two numbers joined by a dash. */
export function normaliseCaratRange(text: string): string | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  return formatCaratRange(Number(match[1]), Number(match[2]));
}

export function parseCaratRange(range: string): { from: number; to: number } | null {
  const normalised = normaliseCaratRange(range);
  if (!normalised) return null;
  const [from, to] = normalised.split('-').map(Number) as [number, number];
  return { from, to };
}

function byStart(a: string, b: string): number {
  const x = parseCaratRange(a);
  const y = parseCaratRange(b);
  return (x?.from ?? 0) - (y?.from ?? 0) || (x?.to ?? 0) - (y?.to ?? 0);
}

/** Adds ranges, ignoring ones already there, and keeps the list ordered from small to large. */
export function addCaratRanges(carats: readonly string[], ranges: readonly string[]): string[] {
  const next = [...carats];
  for (const range of ranges) {
    const normalised = normaliseCaratRange(range);
    if (normalised && !next.includes(normalised)) next.push(normalised);
  }
  return next.sort(byStart);
}

export function removeCaratRange(carats: readonly string[], range: string): string[] {
  return carats.filter((r) => r !== range);
}

/** A preset counts as selected when all of its sub-ranges are. */
export function isPresetSelected(carats: readonly string[], preset: CaratPreset): boolean {
  return preset.ranges.every((range) => carats.includes(range));
}

export function togglePreset(carats: readonly string[], preset: CaratPreset): string[] {
  if (isPresetSelected(carats, preset)) return carats.filter((range) => !preset.ranges.includes(range));
  return addCaratRanges(carats, preset.ranges);
}

/** The ranges shown as removable chips: those no fully selected preset tile already shows. */
export function chipRanges(carats: readonly string[]): string[] {
  const shownByTiles = new Set(
    CARAT_PRESETS.filter((preset) => isPresetSelected(carats, preset)).flatMap((preset) => preset.ranges),
  );
  return carats.filter((range) => !shownByTiles.has(range));
}

const CARAT_FIELD = { min: CARAT_LIMITS.min, max: CARAT_LIMITS.max };

/** Add Carats: both ends, within 0.15–50, From ≤ To; answers the normalised range or the message. */
export function checkCustomCarats(draft: RangeText): { range: string } | { message: string } {
  const check = checkRange(draft, CARAT_FIELD);
  if (check.status === 'empty') return { message: BOTH_ENDS_MESSAGE };
  if (check.status === 'invalid') return { message: check.message };
  return { range: formatCaratRange(check.gte, check.lte) };
}

/**
 * The live message under a From/To still being typed. Limits are not checked here: a typed range
 * is clamped to 0.15–50 at search time, and Add Carats checks them.
 */
export function caratDraftError(draft: RangeText): string | null {
  const from = draft.from.trim();
  const to = draft.to.trim();
  if (!from && !to) return null;
  if (!from || !to) return BOTH_ENDS_MESSAGE;
  const a = parseAmount(from);
  const b = parseAmount(to);
  if (a === null || b === null) return null;
  return a > b ? FROM_ABOVE_TO_MESSAGE : null;
}

function clamp(value: number): number {
  return Math.min(CARAT_LIMITS.max, Math.max(CARAT_LIMITS.min, value));
}

/** A From/To typed but not added still counts at search time, clamped to 0.15–50. */
export function draftCaratRange(draft: RangeText): string | null {
  const from = parseAmount(draft.from);
  const to = parseAmount(draft.to);
  if (from === null || to === null || from > to) return null;
  return formatCaratRange(clamp(from), clamp(to));
}

export function caratsForSearch(carats: readonly string[], draft: RangeText): string[] {
  const typed = draftCaratRange(draft);
  return typed ? addCaratRanges(carats, [typed]) : [...carats];
}
