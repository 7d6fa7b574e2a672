import { STONE_COLUMNS } from '@loupe/contract/stone-columns';
import { describe, expect, it } from 'vitest';
import {
  arrangeColumns,
  gridColumns,
  isDefaultArrangement,
  moveColumn,
  toPreferences,
  withExtraColumns,
} from './grid-columns';

describe('grid columns', () => {
  it('uses the default order while the customer has no preferences', () => {
    const arranged = arrangeColumns([]);
    expect(arranged.map((entry) => entry.column.accessor)).toEqual(STONE_COLUMNS.map((c) => c.accessor));
    expect(isDefaultArrangement(arranged)).toBe(true);
  });

  it('applies saved order and hidden columns, keeping fixed columns first and shown', () => {
    const arranged = arrangeColumns([
      { accessor: 'lot_id', sequence: 9, is_disabled: true },
      { accessor: 'carats', sequence: 2, is_disabled: false },
      { accessor: 'shape', sequence: 3, is_disabled: false },
      { accessor: 'details', sequence: 4, is_disabled: true },
    ]);
    const accessors = arranged.map((entry) => entry.column.accessor);
    expect(accessors.slice(0, 4)).toEqual(['lot_id', 'carats', 'shape', 'details']);
    expect(arranged[0]!.enabled).toBe(true);
    expect(arranged[3]!.enabled).toBe(false);
    // Columns the customer never arranged come after, shown.
    expect(accessors).toHaveLength(STONE_COLUMNS.length);
    expect(arranged.find((entry) => entry.column.accessor === 'tracr_id')!.enabled).toBe(true);
  });

  it('numbers the preferences from 1 after the fixed columns', () => {
    const moved = moveColumn(arrangeColumns([]), 5, 1);
    const prefs = toPreferences(moved);
    expect(prefs[0]).toEqual({ accessor: 'lot_id', sequence: 1, is_disabled: false });
    expect(prefs[1]).toEqual({ accessor: 'shape', sequence: 2, is_disabled: false });
  });

  it('never moves a fixed column', () => {
    const arranged = arrangeColumns([]);
    expect(moveColumn(arranged, 0, 3).map((e) => e.column.accessor)).toEqual(
      arranged.map((e) => e.column.accessor),
    );
  });

  it('draws the fire icon and the pinned columns first, the shape name next to the shape', () => {
    const drawn = gridColumns(arrangeColumns([]));
    expect(drawn.slice(0, 5).map((c) => c.accessor)).toEqual([
      'fire_icon',
      'lot_id',
      'shape',
      'shape_full',
      'details',
    ]);
    expect(drawn.filter((c) => c.pinned).map((c) => c.accessor)).toEqual(['fire_icon', 'lot_id', 'shape']);
  });
});

describe('extra columns of a screen', () => {
  it('go right after the pinned columns and the full shape name, unsortable', () => {
    const columns = withExtraColumns(gridColumns(arrangeColumns([])), [
      { accessor: 'reservation', header: 'Reserved', title: 'On hold for, until', width: 200 },
    ]);
    expect(columns.slice(0, 5).map((column) => column.accessor)).toEqual([
      'fire_icon',
      'lot_id',
      'shape',
      'shape_full',
      'reservation',
    ]);
    expect(columns[4]).toMatchObject({ sortField: null, pinned: false, header: 'Reserved' });
  });
});
