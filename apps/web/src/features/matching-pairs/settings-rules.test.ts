import { DEFAULT_PAIR_SETTINGS } from '@loupe/contract/matching-pairs';
import { describe, expect, it } from 'vitest';
import { clampTolerance, moveRow, rangeWarning, sameSettings, toleranceText } from './settings-rules';

const rows = DEFAULT_PAIR_SETTINGS.map((row) => ({ ...row }));

describe('Match Pair Settings rules', () => {
  it('clamps grades to whole numbers 0–10 and sizes to 0–100 with 2 decimals', () => {
    expect(clampTolerance('color', '3.6')).toBe(4);
    expect(clampTolerance('clarity', '12')).toBe(10);
    expect(clampTolerance('fluorescence', '-2')).toBe(0);
    expect(clampTolerance('carat', '0.126')).toBe(0.13);
    expect(clampTolerance('width', '150')).toBe(100);
    expect(clampTolerance('length', 'abc')).toBe(0);
    expect(clampTolerance('depth', '1,5')).toBe(1.5);
    expect(toleranceText('carat', 0.1)).toBe('0.10');
    expect(toleranceText('color', 2)).toBe('2');
  });

  it('warns when From is above To, but not on an Equal row', () => {
    expect(rangeWarning({ ...rows[4]! })).toBe('From is greater than To'); // Table % 1.00 / 0.00
    expect(rangeWarning({ ...rows[2]! })).toBeNull();
    expect(rangeWarning({ ...rows[0]!, up: 2, down: 1 })).toBeNull();
  });

  it('moves a row and renumbers the ranks', () => {
    const moved = moveRow(rows, 7, 0);
    expect(moved.map((r) => r.key).slice(0, 3)).toEqual(['carat', 'color', 'clarity']);
    expect(moved.map((r) => r.priority)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('compares settings by every rank, Equal and tolerance', () => {
    expect(sameSettings(rows, DEFAULT_PAIR_SETTINGS)).toBe(true);
    expect(sameSettings(moveRow(rows, 0, 1), rows)).toBe(false);
    expect(
      sameSettings(
        rows.map((r) => (r.key === 'width' ? { ...r, down: 1 } : r)),
        rows,
      ),
    ).toBe(false);
  });
});
