import { describe, expect, it } from 'vitest';
import { buildStone } from '../../../test/stone-fixture';
import { gridRows, groupByShape, groupSelection, toggleCollapsed, toggleGroupSelection } from './grid-groups';

const round = (lot: string, amount = 1000) =>
  buildStone({ lot_id: lot, shape: 'BR', shape_full: 'Round', amount });
const oval = (lot: string, amount = 1000) =>
  buildStone({ lot_id: lot, shape: 'OV', shape_full: 'Oval', amount });
const pear = (lot: string, amount = 1000) =>
  buildStone({ lot_id: lot, shape: 'PS', shape_full: 'Pear', amount });

function shown(rows: ReturnType<typeof gridRows>): string[] {
  return rows.map((row) =>
    row.kind === 'group'
      ? `${row.open ? '▾' : '▸'} ${row.group.name} (${row.group.stones.length})`
      : row.stone.lot_id,
  );
}

describe('grid groups', () => {
  it('heads each shape of the page with its full name and count, in the default sort’s runs', () => {
    const page = [round('LD-1'), round('LD-2'), oval('LD-3'), pear('LD-4'), pear('LD-5')];
    expect(shown(gridRows(groupByShape(page), new Set()))).toEqual([
      '▾ Round (2)',
      'LD-1',
      'LD-2',
      '▾ Oval (1)',
      'LD-3',
      '▾ Pear (2)',
      'LD-4',
      'LD-5',
    ]);
  });

  it('under a price sort, gathers a shape under the group of its first stone and keeps the price order inside', () => {
    // Amount ascending, as the server sends it: shapes interleave.
    const page = [
      round('LD-1', 1000),
      oval('LD-2', 1200),
      round('LD-3', 1500),
      pear('LD-4', 1600),
      oval('LD-5', 2000),
      round('LD-6', 2500),
    ];
    const groups = groupByShape(page);
    expect(shown(gridRows(groups, new Set()))).toEqual([
      '▾ Round (3)',
      'LD-1',
      'LD-3',
      'LD-6',
      '▾ Oval (2)',
      'LD-2',
      'LD-5',
      '▾ Pear (1)',
      'LD-4',
    ]);
    // Each shape appears once, so a group's count is every stone of that shape on the page.
    expect(groups.map((group) => group.shape)).toEqual(['BR', 'OV', 'PS']);
  });

  it('names a shape from the vocabulary when a stone carries no full name', () => {
    expect(groupByShape([buildStone({ shape: 'EM', shape_full: '' })])[0]!.name).toBe('Emerald');
  });

  it('keeps a collapsed group’s header with its count and hides its stones', () => {
    const page = [round('LD-1'), round('LD-2'), oval('LD-3')];
    const collapsed = toggleCollapsed(new Set(), 'BR');
    expect(shown(gridRows(groupByShape(page), collapsed))).toEqual(['▸ Round (2)', '▾ Oval (1)', 'LD-3']);
    // Collapsing is by shape, so it carries over to the next page's Round group.
    expect(shown(gridRows(groupByShape([round('LD-9'), pear('LD-8')]), collapsed))).toEqual([
      '▸ Round (1)',
      '▾ Pear (1)',
      'LD-8',
    ]);
    expect(toggleCollapsed(collapsed, 'BR').size).toBe(0);
  });

  it('selects a group’s stones, tells a partly selected group, and deselects a fully selected one', () => {
    const [a, b, c] = [round('LD-1'), round('LD-2'), oval('LD-3')];
    const [rounds, ovals] = groupByShape([a!, b!, c!]);
    expect(groupSelection(rounds!, new Set())).toBe('none');
    expect(groupSelection(rounds!, new Set([a!.id]))).toBe('some');

    // Partly selected: the missing stones join, and other groups' stones stay selected.
    const selected = toggleGroupSelection([c!.id, a!.id], rounds!);
    expect(selected).toEqual([c!.id, a!.id, b!.id]);
    expect(groupSelection(rounds!, new Set(selected))).toBe('all');
    expect(groupSelection(ovals!, new Set(selected))).toBe('all');

    // Fully selected: the group's stones leave, the others stay.
    expect(toggleGroupSelection(selected, rounds!)).toEqual([c!.id]);
  });
});
