import { describe, expect, it } from 'vitest';
import { buildStone } from '../../test/stone-fixture';
import { finishLabel, formatColor, formatGirdle, formatText, totalGrade } from './stone-format';

describe('detail page formats', () => {
  it('writes the girdle from thinnest to thickest in words', () => {
    expect(formatGirdle({ girdle_thin: 'STN', girdle_thick: 'MED' })).toBe('Slightly Thin - Medium');
    expect(formatGirdle({ girdle_thin: 'MED', girdle_thick: 'MED' })).toBe('Medium');
    expect(formatGirdle({ girdle_thin: null, girdle_thick: 'THK' })).toBe('Thick');
    expect(formatGirdle({ girdle_thin: null, girdle_thick: null })).toBe('-');
  });

  it('writes a fancy colour as the trade says it, and a white colour as its letter', () => {
    const white = { color: 'G', fancy_color: null, fancy_intensity: null, fancy_overtone: null };
    expect(formatColor(white)).toBe('G');
    expect(
      formatColor({
        color: null,
        fancy_color: 'Yellow',
        fancy_intensity: 'Fancy Intense',
        fancy_overtone: 'None',
      }),
    ).toBe('Fancy Intense Yellow');
    expect(
      formatColor({ color: null, fancy_color: 'Pink', fancy_intensity: 'Fancy', fancy_overtone: 'Purplish' }),
    ).toBe('Fancy Purplish Pink');
    expect(formatColor({ ...white, color: null })).toBe('-');
  });

  it('spells out finish grades and shows "-" for nothing', () => {
    expect(finishLabel('EX')).toBe('Excellent');
    expect(finishLabel('VG')).toBe('Very Good');
    expect(finishLabel(null)).toBe('-');
    expect(formatText('  ')).toBe('-');
    expect(formatText(' Cloud ')).toBe('Cloud');
  });

  it('names the make that cut, polish and symmetry add up to', () => {
    const ex = { cut: 'EX', polish: 'EX', symmetry: 'EX' };
    expect(totalGrade({ ...ex, fluorescence: 'NON' })).toBe('3EX+NON');
    expect(totalGrade({ ...ex, fluorescence: 'FNT' })).toBe('3EX');
    expect(totalGrade({ cut: 'EX', polish: 'VG', symmetry: 'VG', fluorescence: 'NON' })).toBe('3VG+EX');
    expect(totalGrade({ cut: 'G', polish: 'G', symmetry: 'G', fluorescence: null })).toBe('3G');
    expect(totalGrade({ cut: 'F', polish: 'F', symmetry: 'F', fluorescence: null })).toBe('3F');
    expect(totalGrade({ cut: 'EX', polish: 'G', symmetry: 'EX', fluorescence: 'NON' })).toBe('-');
    expect(totalGrade({ ...buildStone(), cut: null })).toBe('-');
  });
});
