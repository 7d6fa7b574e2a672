import { describe, expect, it } from 'vitest';
import { filterSummary } from './filter-summary';
import { savedSearchNameError } from './saved-search-name';

describe('filterSummary: the mini table of a saved search card', () => {
  it('shows the chosen values in words where the trade uses words', () => {
    expect(
      filterSummary({
        lab: ['GIA', 'IGI'],
        shape: ['BR', 'OV', 'OTHER'],
        carats: ['1.00-1.19', '1.20-1.49'],
        color: ['D', 'E', 'F'],
        clarity: ['VVS1'],
        cut: ['EX'],
        polish: ['EX', 'VG'],
        symmetry: ['All'],
      }),
    ).toEqual({
      Lab: 'GIA, IGI',
      Shape: 'Round, Oval, Others',
      Carats: '1.00-1.19, 1.20-1.49',
      Color: 'D, E, F',
      Clarity: 'VVS1',
      Cut: 'Excellent',
      Polish: 'Excellent, Very Good',
      Symmetry: 'All',
    });
  });

  it('shows "-" for what the search leaves open', () => {
    expect(filterSummary({})).toEqual({
      Lab: '-',
      Shape: '-',
      Carats: '-',
      Color: '-',
      Clarity: '-',
      Cut: '-',
      Polish: '-',
      Symmetry: '-',
    });
  });

  it('sums up a fancy colour and a make shortcut', () => {
    const summary = filterSummary({ fancy_color: ['Yellow'], fancy_intensity: ['Fancy Vivid'], make: '3EX' });
    expect(summary.Color).toBe('Fancy Vivid Yellow');
    expect(filterSummary({ fancy_color: ['Pink', 'Blue'] }).Color).toBe('Fancy Pink/Blue');
    expect(summary.Cut).toBe('3EX');
    expect(summary.Symmetry).toBe('3EX');
  });
});

describe('saved search names', () => {
  it('takes 1 to 20 characters once trimmed', () => {
    expect(savedSearchNameError('Rounds 1ct')).toBeUndefined();
    expect(savedSearchNameError(' '.repeat(3))).toBe('Enter a name for the search');
    expect(savedSearchNameError('x'.repeat(20))).toBeUndefined();
    expect(savedSearchNameError('x'.repeat(21))).toBe('A name has at most 20 characters');
  });
});
