/**
 * How the portal writes numbers and amounts (domain-facts §2.1): 2 decimals, US dollars with "$"
 * and thousands separators, a true minus sign, "-" for nothing. The grid, the confirm flow, the
 * orders and the detail page all write money here.
 */

export const NO_VALUE = '-';
export const MINUS = '\u2212';

export const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatDecimal(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NO_VALUE : twoDecimals.format(value).replace('-', MINUS);
}

/** "$12,345.60"; negative amounts (never expected) keep their sign in front of the "$". */
export function formatMoney(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  const text = `$${twoDecimals.format(Math.abs(value))}`;
  return value < 0 ? `${MINUS}${text}` : text;
}
