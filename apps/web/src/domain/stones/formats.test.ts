import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney } from '../money';
import {
  formatDiscount,
  formatGirdle,
  formatList,
  formatMeasurements,
  labReportUrl,
  shortTracrId,
} from './formats';

describe('grid formats', () => {
  it('writes money with $ and thousands separators, 2 decimals', () => {
    expect(formatMoney(12345.6)).toBe('$12,345.60');
    expect(formatMoney(null)).toBe('-');
    expect(formatDecimal(1.5)).toBe('1.50');
  });

  it('writes discounts with a true minus sign, and zero as 0.00%', () => {
    expect(formatDiscount(-32.5)).toBe('\u221232.50%');
    expect(formatDiscount(0)).toBe('0.00%');
    expect(formatDiscount(-0.001)).toBe('0.00%');
    expect(formatDiscount(1.25)).toBe('+1.25%');
  });

  it('writes measurements as L*W*D and empty values as "-"', () => {
    expect(formatMeasurements({ length: 6.45, width: 6.48, depth: 3.99 })).toBe('6.45*6.48*3.99');
    expect(formatMeasurements({ length: null, width: null, depth: null })).toBe('-');
    expect(formatMeasurements({ length: 6.4, width: null, depth: 4 })).toBe('6.40*-*4.00');
  });

  it('joins lists with commas and writes the girdle as a range', () => {
    expect(formatList(['Cloud', 'Feather'])).toBe('Cloud, Feather');
    expect(formatList([])).toBe('-');
    expect(formatGirdle({ girdle_thin: 'STN', girdle_thick: 'MED' })).toBe('STN-MED');
    expect(formatGirdle({ girdle_thin: 'MED', girdle_thick: 'MED' })).toBe('MED');
  });

  it('cuts a Tracr id at 18 characters', () => {
    expect(shortTracrId('0x1234567890abcdef1234')).toBe('0x1234567890abcdef…');
    expect(shortTracrId('short')).toBe('short');
  });

  it('links the report of the labs that offer a check', () => {
    expect(labReportUrl('GIA', '2141438171')).toBe('https://www.gia.edu/report-check?reportno=2141438171');
    expect(labReportUrl('IGI', 'LG123')).toBe('https://www.igi.org/verify-your-report/?r=LG123');
    expect(labReportUrl('NGTC', '1')).toBeNull();
    expect(labReportUrl('GIA', null)).toBeNull();
  });
});
