import { CARAT_PRESETS } from '@loupe/contract/stone-vocabulary';
import { describe, expect, it } from 'vitest';
import {
  addCaratRanges,
  caratDraftError,
  caratsForSearch,
  checkCustomCarats,
  chipRanges,
  isPresetSelected,
  normaliseCaratRange,
  togglePreset,
} from './carats';

const preset = (label: string) => CARAT_PRESETS.find((p) => p.label === label)!;

describe('carat ranges', () => {
  it('normalises to 2 decimals', () => {
    expect(normaliseCaratRange('3-3.99')).toBe('3.00-3.99');
    expect(normaliseCaratRange('0.5 - 1')).toBe('0.50-1.00');
    expect(normaliseCaratRange('abc')).toBeNull();
  });

  it('a group tile stands for its sub-ranges and is selected only when all of them are', () => {
    const one = togglePreset([], preset('1ct'));
    expect(one).toEqual(['1.00-1.19', '1.20-1.49']);
    expect(isPresetSelected(one, preset('1ct'))).toBe(true);
    expect(isPresetSelected(['1.00-1.19'], preset('1ct'))).toBe(false);
    expect(togglePreset(one, preset('1ct'))).toEqual([]);
    expect(togglePreset([], preset('5ct+'))).toHaveLength(6);
  });

  it('ignores duplicates and keeps ranges ordered', () => {
    const carats = addCaratRanges(['1.00-1.19'], ['0.30-0.39', '1-1.19', '1.00-1.19']);
    expect(carats).toEqual(['0.30-0.39', '1.00-1.19']);
  });

  it('shows as chips only the ranges no selected tile shows', () => {
    const carats = addCaratRanges(togglePreset([], preset('2ct')), ['1.00-1.19', '0.23-0.27']);
    expect(chipRanges(carats)).toEqual(['0.23-0.27', '1.00-1.19']);
  });

  it('Add Carats checks both ends, the limits and the order', () => {
    expect(checkCustomCarats({ from: '1', to: '' })).toEqual({ message: 'enter both From & To' });
    expect(checkCustomCarats({ from: '0.1', to: '1' })).toEqual({
      message: 'please enter a range between 0.15 to 50 only',
    });
    expect(checkCustomCarats({ from: '2', to: '1' })).toEqual({ message: 'From should be less than To' });
    expect(checkCustomCarats({ from: '3', to: '3.99' })).toEqual({ range: '3.00-3.99' });
  });

  it('a From/To typed but not added is searched, clamped to 0.15–50', () => {
    expect(caratsForSearch(['1.00-1.19'], { from: '0.1', to: '60' })).toEqual(['0.15-50.00', '1.00-1.19']);
    expect(caratsForSearch([], { from: '1', to: '' })).toEqual([]);
    expect(caratsForSearch(['1.00-1.19'], { from: '1', to: '1.19' })).toEqual(['1.00-1.19']);
  });

  it('flags a half-typed or reversed range while typing', () => {
    expect(caratDraftError({ from: '', to: '' })).toBeNull();
    expect(caratDraftError({ from: '1', to: '' })).toBe('enter both From & To');
    expect(caratDraftError({ from: '2', to: '1' })).toBe('From should be less than To');
    expect(caratDraftError({ from: '0.05', to: '70' })).toBeNull();
  });
});
