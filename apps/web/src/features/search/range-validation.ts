import type { RangeField, RangeText } from './form-state';

/**
 * Range inputs of the search form (domain-facts §1.4): at most 2 decimals, both ends or none,
 * within the field's limits, From ≤ To. The messages are the product's exact wording.
 */

export const BOTH_ENDS_MESSAGE = 'enter both From & To';
export const FROM_ABOVE_TO_MESSAGE = 'From should be less than To';

export function limitsMessage(min: number, max: number): string {
  return `please enter a range between ${min} to ${max} only`;
}

/** What a range input accepts while typing: an optional minus, digits, and up to 2 decimals. */
export function isAcceptableTyping(text: string, allowNegative: boolean): boolean {
  const pattern = allowNegative ? /^-?\d*(\.\d{0,2})?$/ : /^\d*(\.\d{0,2})?$/;
  return pattern.test(text);
}

/** A finished number: digits with at most 2 decimals ("1.", "-" and "" are not numbers). */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

export type RangeCheck =
  | { status: 'empty' }
  | { status: 'valid'; gte: number; lte: number }
  | { status: 'invalid'; message: string };

export function checkRange(range: RangeText | undefined, field: Pick<RangeField, 'min' | 'max'>): RangeCheck {
  const fromText = range?.from.trim() ?? '';
  const toText = range?.to.trim() ?? '';
  if (!fromText && !toText) return { status: 'empty' };
  if (!fromText || !toText) return { status: 'invalid', message: BOTH_ENDS_MESSAGE };
  const gte = parseAmount(fromText);
  const lte = parseAmount(toText);
  const outside = (value: number | null) => value === null || value < field.min || value > field.max;
  if (outside(gte) || outside(lte))
    return { status: 'invalid', message: limitsMessage(field.min, field.max) };
  if (gte! > lte!) return { status: 'invalid', message: FROM_ABOVE_TO_MESSAGE };
  return { status: 'valid', gte: gte!, lte: lte! };
}

export function rangeError(
  range: RangeText | undefined,
  field: Pick<RangeField, 'min' | 'max'>,
): string | null {
  const check = checkRange(range, field);
  return check.status === 'invalid' ? check.message : null;
}
