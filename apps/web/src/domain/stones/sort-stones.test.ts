import { describe, expect, it } from 'vitest';
import { buildStone } from '../../test/stone-fixture';
import { nextSort, sortStones } from './sort-stones';

describe('client sort', () => {
  it('sorts graded columns in the trade order, empty values last', () => {
    const stones = [
      buildStone({ clarity: 'SI1' }),
      buildStone({ clarity: null }),
      buildStone({ clarity: 'IF' }),
      buildStone({ clarity: 'VVS2' }),
    ];
    expect(sortStones(stones, { field: 'clarity', direction: 'asc' }).map((s) => s.clarity)).toEqual([
      'IF',
      'VVS2',
      'SI1',
      null,
    ]);
    expect(sortStones(stones, { field: 'clarity', direction: 'desc' }).map((s) => s.clarity)).toEqual([
      'SI1',
      'VVS2',
      'IF',
      null,
    ]);
  });

  it('sorts numbers as numbers', () => {
    const stones = [buildStone({ carats: 10.2 }), buildStone({ carats: 2.01 }), buildStone({ carats: 0.5 })];
    expect(sortStones(stones, { field: 'carats', direction: 'asc' }).map((s) => s.carats)).toEqual([
      0.5, 2.01, 10.2,
    ]);
  });

  it('cycles ascending, descending, default on header clicks', () => {
    const asc = nextSort(null, 'carats');
    expect(asc).toEqual({ field: 'carats', direction: 'asc' });
    const desc = nextSort(asc, 'carats');
    expect(desc).toEqual({ field: 'carats', direction: 'desc' });
    expect(nextSort(desc, 'carats')).toBeNull();
    expect(nextSort(desc, 'color')).toEqual({ field: 'color', direction: 'asc' });
  });
});
