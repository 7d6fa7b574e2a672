import { labelOf, SHAPES } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';

/**
 * The grid's rows grouped by shape (domain-facts §2.1 "Layout extras"), within the page shown.
 *
 * The rule: the page is cut from the result in the server's order first, so grouping never moves
 * a stone to another page. On the page, a shape's group appears where its first stone appears, and
 * every stone of that shape is gathered under it, keeping the server's order inside the group.
 * With the trade's default sort (shape, carats, colour, clarity) the groups are simply the runs of
 * the page. With another sort, e.g. by price, the page's first stone still opens the first group
 * and each group reads as that shape's price ladder: a buyer comparing prices compares like with
 * like. Splitting the page into runs instead (Round, Oval, Round again) was rejected: one shape
 * would get several headers, each with a partial count, and collapsing "Round" would be ambiguous.
 */

export interface ShapeGroup {
  /** The shape code, e.g. "BR"; a group's identity, also across pages. */
  shape: string;
  /** The shape's full name, e.g. "Round". */
  name: string;
  stones: Stone[];
}

export type GridRow =
  | { kind: 'group'; key: string; group: ShapeGroup; open: boolean }
  | { kind: 'stone'; key: string; stone: Stone; group: ShapeGroup };

/** The page's stones by shape, groups in the order their first stone comes. */
export function groupByShape(stones: readonly Stone[]): ShapeGroup[] {
  const groups = new Map<string, ShapeGroup>();
  for (const stone of stones) {
    let group = groups.get(stone.shape);
    if (!group) {
      group = { shape: stone.shape, name: stone.shape_full || labelOf(SHAPES, stone.shape), stones: [] };
      groups.set(stone.shape, group);
    }
    group.stones.push(stone);
  }
  return [...groups.values()];
}

/** The table's rows: each group's header, then its stones unless the group is collapsed. */
export function gridRows(groups: readonly ShapeGroup[], collapsed: ReadonlySet<string>): GridRow[] {
  const rows: GridRow[] = [];
  for (const group of groups) {
    const open = !collapsed.has(group.shape);
    rows.push({ kind: 'group', key: `group:${group.shape}`, group, open });
    if (!open) continue;
    for (const stone of group.stones) rows.push({ kind: 'stone', key: stone.id, stone, group });
  }
  return rows;
}

/** Collapses an open group or opens a collapsed one; the other groups stay as they are. */
export function toggleCollapsed(collapsed: ReadonlySet<string>, shape: string): Set<string> {
  const next = new Set(collapsed);
  if (next.has(shape)) next.delete(shape);
  else next.add(shape);
  return next;
}

export type GroupSelection = 'all' | 'some' | 'none';

/** How much of a group is selected: its checkbox is checked, indeterminate or clear. */
export function groupSelection(group: ShapeGroup, selected: ReadonlySet<string>): GroupSelection {
  const count = group.stones.filter((stone) => selected.has(stone.id)).length;
  if (count === 0) return 'none';
  return count === group.stones.length ? 'all' : 'some';
}

/**
 * A click on a group's checkbox: a fully selected group is deselected, otherwise its missing
 * stones are added after the ones already selected. Stones outside the group keep their state.
 */
export function toggleGroupSelection(
  selectedIds: readonly string[],
  group: ShapeGroup,
  selected: ReadonlySet<string> = new Set(selectedIds),
): string[] {
  const ids = group.stones.map((stone) => stone.id);
  if (groupSelection(group, selected) === 'all') {
    const inGroup = new Set(ids);
    return selectedIds.filter((id) => !inGroup.has(id));
  }
  return [...selectedIds, ...ids.filter((id) => !selected.has(id))];
}
