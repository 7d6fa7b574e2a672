/**
 * How the portal writes numbers and amounts (domain-facts §2.1): 2 decimals, US dollars with "$"
 * and thousands separators, a true minus sign, "-" for nothing. The grid, the confirm flow, the
 * orders and the detail page all write money here.
 */

import { withThousands } from '../lib/format';

export const NO_VALUE = '-';
export const MINUS = '\u2212';

/** For numbers of 10^21 and more, which toFixed writes with an exponent: made only if ever needed. */
let hugeNumbers: Intl.NumberFormat | undefined;

/**
 * A number of at least 0 and below 10^21, to two places, as Intl rounds: its shortest decimal text
 * (what `String` gives: 0.015, not the binary 0.01499…) rounded half away from zero. toFixed rounds
 * the binary value instead, and writes 0.015 as 0.01 where Intl writes 0.02.
 */
function twoPlaces(size: number): string {
  const text = String(size);
  // Below 10^-6 String writes an exponent; such a number is 0.00.
  if (text.includes('e')) return '0.00';
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = (whole + `${fraction}00`.slice(0, 2)).split('');
  if ((fraction[2] ?? '0') >= '5') {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === '9') digits[i--] = '0';
    if (i < 0) digits.unshift('1');
    else digits[i] = String(Number(digits[i]) + 1);
  }
  const cents = digits.join('');
  return `${cents.slice(0, -2)}.${cents.slice(-2)}`;
}

/**
 * "1,234,567.80": two decimals and thousands separators, as en-US writes them, by hand as
 * lib/format.ts writes counts (decision 081). A negative number keeps its "-", as -0 does.
 */
export function twoDecimalText(value: number): string {
  const size = Math.abs(value);
  if (!(size < 1e21)) {
    hugeNumbers ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return hugeNumbers.format(value);
  }
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${withThousands(twoPlaces(size))}`;
}

export function formatDecimal(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? NO_VALUE : twoDecimalText(value).replace('-', MINUS);
}

/** "$12,345.60"; negative amounts (never expected) keep their sign in front of the "$". */
export function formatMoney(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  const text = `$${twoDecimalText(Math.abs(value))}`;
  return value < 0 ? `${MINUS}${text}` : text;
}
