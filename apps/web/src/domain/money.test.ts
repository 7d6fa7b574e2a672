import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDecimal, formatMoney, twoDecimalText } from './money';
import { formatDiscount } from './stones/formats';

afterEach(() => vi.restoreAllMocks());

/** Numbers around every rounding and grouping edge, and a spread of prices and discounts. */
function sampleNumbers(): number[] {
  const numbers = [0, -0, 0.005, 0.015, 0.125, 1.005, 1.255, 2.675, 8.345, -0.001, -0.125, 1e-7];
  numbers.push(
    999.995,
    1000,
    999_999.999,
    12_345.6,
    -1_234.5,
    1e15 + 0.5,
    2 ** 53,
    1e20,
    1e21,
    123_456_789.987,
  );
  let seed = 11;
  for (let i = 0; i < 1000; i++) {
    seed = (seed * 48_271) % 2_147_483_647;
    numbers.push(((seed % 2_000_000_000) - 1_000_000_000) / 10 ** (seed % 7));
  }
  return numbers;
}

describe('money and two-decimal numbers written by hand (decision 081)', () => {
  it('writes them as the browser writes them in en-US, rounded as it rounds', () => {
    const twoDecimals = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (const value of sampleNumbers()) expect(twoDecimalText(value)).toBe(twoDecimals.format(value));
    expect(formatMoney(0.015)).toBe('$0.02');
    expect(formatDecimal(-2.675)).toBe('\u22122.68');
  });

  it('makes no Intl formatter for the first screens: the browser loads its locale data for the first one', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    formatMoney(12_345.6);
    formatDecimal(-1.5);
    formatDiscount(-32.5);
    expect(numberFormat).not.toHaveBeenCalled();
    expect(toLocale).not.toHaveBeenCalled();
  });
});
