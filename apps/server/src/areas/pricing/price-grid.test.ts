import { COLORS } from '@loupe/contract/stone-vocabulary';
import { describe, expect, it } from 'vitest';
import {
  CARAT_BANDS,
  caratBandIndex,
  caratBandLabel,
  GRID_CLARITIES,
  GRID_COLORS,
  listPricePerCarat,
  MAX_LIST_PRICE,
} from './price-grid.ts';

const white = (carats: number, color: string, clarity: string | null, shape = 'BR') =>
  listPricePerCarat({ shape, carats, color, clarity });

describe('[STOCK] price grid', () => {
  it('puts a weight in its carat band, comparing at 2 decimals', () => {
    expect(caratBandLabel(caratBandIndex(0.3))).toBe('0.30-0.39');
    expect(caratBandLabel(caratBandIndex(0.999))).toBe('1.00-1.49');
    expect(caratBandLabel(caratBandIndex(0.99))).toBe('0.90-0.99');
    expect(caratBandLabel(caratBandIndex(1.5))).toBe('1.50-1.99');
    expect(caratBandLabel(caratBandIndex(7.2))).toBe('6.00-9.99');
    expect(caratBandLabel(caratBandIndex(12))).toBe('10.00+');
    expect(caratBandLabel(caratBandIndex(0.01))).toBe('0.01-0.03');
  });

  it('lists finer colours, finer clarities and bigger stones higher, in whole dollars', () => {
    for (let band = 0; band < CARAT_BANDS.length; band++) {
      const carats = CARAT_BANDS[band]!.from;
      for (let c = 0; c < GRID_COLORS.length; c++) {
        for (let q = 0; q < GRID_CLARITIES.length; q++) {
          const price = white(carats, GRID_COLORS[c]!, GRID_CLARITIES[q]!);
          expect(Number.isInteger(price)).toBe(true);
          if (c > 0)
            expect(price).toBeLessThanOrEqual(white(carats, GRID_COLORS[c - 1]!, GRID_CLARITIES[q]!));
          if (q > 0)
            expect(price).toBeLessThanOrEqual(white(carats, GRID_COLORS[c]!, GRID_CLARITIES[q - 1]!));
          if (band > 0) {
            expect(price).toBeGreaterThanOrEqual(
              white(CARAT_BANDS[band - 1]!.from, GRID_COLORS[c]!, GRID_CLARITIES[q]!),
            );
          }
        }
      }
    }
    expect(white(1.01, 'D', 'IF')).toBeGreaterThan(2 * white(1.01, 'H', 'SI1'));
  });

  it('lists other shapes below rounds; FL as IF; colours below M lower still', () => {
    for (const carats of [0.3, 0.7, 1, 2, 5]) {
      expect(white(carats, 'G', 'VS2', 'PS')).toBeLessThan(white(carats, 'G', 'VS2', 'BR'));
      expect(white(carats, 'G', 'VS2', 'OV')).toBe(white(carats, 'G', 'VS2', 'CU'));
    }
    expect(white(1.2, 'E', 'FL')).toBe(white(1.2, 'E', 'IF'));
    let previous = white(1.2, 'M', 'SI1');
    for (const color of COLORS.slice(COLORS.findIndex((c) => c.value === 'N')).map((c) => c.value)) {
      const price = white(1.2, color, 'SI1');
      expect(price).toBeLessThan(previous);
      previous = price;
    }
  });

  it('is calibrated on real prices: a 1 ct G VS2 round lists in the thousands per carat', () => {
    const price = white(1.01, 'G', 'VS2');
    expect(price).toBeGreaterThan(5_000);
    expect(price).toBeLessThan(15_000);
    expect(white(0.3, 'G', 'VS2')).toBeLessThan(price / 2);
  });

  it('prices fancy colours with a premium by hue, intensity and overtone', () => {
    const fancy = (fancyColor: string, fancyIntensity: string, fancyOvertone = 'None') =>
      listPricePerCarat({
        shape: 'CU',
        carats: 1.02,
        color: null,
        clarity: 'VS1',
        fancyColor,
        fancyIntensity,
        fancyOvertone,
      });
    expect(fancy('Yellow', 'Fancy Vivid')).toBeGreaterThan(fancy('Yellow', 'Fancy Intense'));
    expect(fancy('Yellow', 'Fancy Intense')).toBeGreaterThan(fancy('Yellow', 'Fancy Light'));
    expect(fancy('Pink', 'Fancy')).toBeGreaterThan(fancy('Yellow', 'Fancy'));
    expect(fancy('Blue', 'Fancy')).toBeGreaterThan(fancy('Pink', 'Fancy'));
    expect(fancy('Brown', 'Fancy')).toBeLessThan(white(1.02, 'G', 'VS1', 'CU'));
    expect(fancy('Pink', 'Fancy', 'Brownish')).toBeLessThan(fancy('Pink', 'Fancy'));
    expect(
      listPricePerCarat({
        shape: 'BR',
        carats: 12,
        color: null,
        clarity: 'IF',
        fancyColor: 'Red',
        fancyIntensity: 'Fancy Vivid',
      }),
    ).toBe(MAX_LIST_PRICE);
    // A fancy without clarity (N) is priced as VS2.
    expect(
      listPricePerCarat({
        shape: 'CU',
        carats: 1.02,
        color: null,
        clarity: null,
        fancyColor: 'Yellow',
        fancyIntensity: 'Fancy',
      }),
    ).toBe(
      listPricePerCarat({
        shape: 'CU',
        carats: 1.02,
        color: null,
        clarity: 'VS2',
        fancyColor: 'Yellow',
        fancyIntensity: 'Fancy',
      }),
    );
  });
});
