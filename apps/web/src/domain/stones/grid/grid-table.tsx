import type { Stone } from '@loupe/contract/stones';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useCallback, useRef } from 'react';
import type { SortState } from '../sort-stones';
import { nextSort } from '../sort-stones';
import { type CellContext, lotStatusClass, renderCell } from './grid-cells';
import { type GridColumn, SELECT_COLUMN_WIDTH } from './grid-columns';
import { type GridRow, groupSelection, type ShapeGroup } from './grid-groups';
import { GridIcon } from './grid-icons';
import './grid-table.css';

const ROW_HEIGHT = 34;

export interface GridTableProps {
  label: string;
  columns: readonly GridColumn[];
  /** The page's shape groups and stones, as `gridRows` lays them out. */
  rows: readonly GridRow[];
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  /** Price columns cannot be sorted by a customer who may not see prices. */
  sortable: (column: GridColumn) => boolean;
  selected: ReadonlySet<string>;
  onToggleRow: (stone: Stone) => void;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  onToggleGroup: (group: ShapeGroup) => void;
  onToggleGroupSelection: (group: ShapeGroup) => void;
  cellContext: CellContext;
  /** A class for a stone's row (e.g. Won / Lost in a bid history). */
  rowClass?: (stone: Stone) => string | undefined;
  /** What opens under a stone's row (the bid panel under the selected stone), or null. */
  rowDetail?: (stone: Stone) => ReactNode;
}

/** The height the virtual list reserves for a row's detail (the bid panel). */
const DETAIL_HEIGHT = 150;

/** Stands in for the rows scrolled out of view, so the scroll bar keeps the full length. */
function SpacerRow({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row cannot take focus; this one holds nothing to read
    <tr aria-hidden="true" className="spacer-row">
      <td colSpan={span} style={{ height }} />
    </tr>
  );
}

/** Left offsets of the pinned columns, after the row checkbox. */
function pinnedOffsets(columns: readonly GridColumn[]): Map<string, number> {
  const offsets = new Map<string, number>();
  let left = SELECT_COLUMN_WIDTH;
  for (const column of columns) {
    if (!column.pinned) break;
    offsets.set(column.accessor, left);
    left += column.width;
  }
  return offsets;
}

function ariaSort(sort: SortState | null, column: GridColumn): 'ascending' | 'descending' | undefined {
  if (!sort || !column.sortField || sort.field !== column.sortField) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/** Consecutive rows in view that belong to one shape group, drawn as that group's `<tbody>`. */
interface GroupSegment {
  group: ShapeGroup;
  items: VirtualItem[];
}

function segmentsOf(items: readonly VirtualItem[], rows: readonly GridRow[]): GroupSegment[] {
  const segments: GroupSegment[] = [];
  for (const item of items) {
    const group = rows[item.index]!.group;
    const last = segments.at(-1);
    if (last && last.group === group) last.items.push(item);
    else segments.push({ group, items: [item] });
  }
  return segments;
}

/**
 * The grid itself: a table with a sticky header, the checkbox, fire, stock number and shape
 * pinned on the left, and only the rows in view rendered (a page may hold 300 stones). Each shape
 * group is a `<tbody>` headed by a `th scope="rowgroup"` row with the group's checkbox and its
 * collapse button; group headers and stone rows are virtualised together.
 */
export function GridTable({
  label,
  columns,
  rows,
  sort,
  onSortChange,
  sortable,
  selected,
  onToggleRow,
  allSelected,
  someSelected,
  onToggleAll,
  onToggleGroup,
  onToggleGroupSelection,
  cellContext,
  rowClass,
  rowDetail,
}: GridTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const offsets = pinnedOffsets(columns);
  const lastPinned = [...offsets.keys()].at(-1);
  const details = new Map<number, ReactNode>();
  if (rowDetail) {
    rows.forEach((row, index) => {
      if (row.kind !== 'stone') return;
      const detail = rowDetail(row.stone);
      if (detail) details.set(index, detail);
    });
  }
  const detailKeys = [...details.keys()].join(',');
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => ROW_HEIGHT + (details.has(index) ? DETAIL_HEIGHT : 0),
    // A row that opens or closes its detail gets a new key, so its height is estimated afresh.
    getItemKey: useCallback(
      (index: number) => {
        const key = rows[index]?.key ?? index;
        return detailKeys.split(',').includes(String(index)) ? `${key}:detail` : key;
      },
      [rows, detailKeys],
    ),
    overscan: 12,
    // Without layout (tests, first paint) render a screenful rather than nothing.
    initialRect: { width: 1200, height: 900 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const width = SELECT_COLUMN_WIDTH + columns.reduce((sum, column) => sum + column.width, 0);
  const span = columns.length + 1;

  const stickyStyle = (column: GridColumn): CSSProperties | undefined => {
    const left = offsets.get(column.accessor);
    return left === undefined ? undefined : { left };
  };
  const cellClass = (column: GridColumn, extra?: string) =>
    [
      column.numeric ? 'is-numeric' : '',
      offsets.has(column.accessor) ? 'is-pinned' : '',
      column.accessor === lastPinned ? 'is-pinned-last' : '',
      column.accessor === 'fire_icon' ? 'fire-cell' : '',
      extra ?? '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  const groupRow = (group: ShapeGroup, open: boolean, index: number) => {
    const state = groupSelection(group, selected);
    const count = group.stones.length;
    const stonesText = `${count} ${count === 1 ? 'stone' : 'stones'}`;
    return (
      <tr
        key={`group:${group.shape}`}
        className="group-row"
        aria-rowindex={index + 2}
        style={{ height: ROW_HEIGHT }}
      >
        <td className="is-pinned select-cell" style={{ left: 0 }}>
          <input
            type="checkbox"
            aria-label={`Select the ${group.name} stones`}
            checked={state === 'all'}
            ref={(input) => {
              if (input) input.indeterminate = state === 'some';
            }}
            onChange={() => onToggleGroupSelection(group)}
          />
        </td>
        {/* Named by the group alone: its rows hear "Round, 20 stones", not the button's "Collapse Round". */}
        <th
          scope="rowgroup"
          colSpan={columns.length}
          className="group-cell"
          aria-label={`${group.name}, ${stonesText}`}
        >
          {/* Sticky inside the wide cell, so the name stays in view while the grid scrolls sideways. */}
          <span className="group-heading" style={{ left: SELECT_COLUMN_WIDTH }}>
            <button
              type="button"
              className="icon-button group-toggle"
              aria-expanded={open}
              aria-label={`${open ? 'Collapse' : 'Expand'} ${group.name}`}
              onClick={() => onToggleGroup(group)}
            >
              <GridIcon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
            </button>
            <span className="group-name">{group.name}</span> <span className="group-count">{stonesText}</span>
          </span>
        </th>
      </tr>
    );
  };

  const stoneRow = (stone: Stone, index: number) => {
    const isSelected = selected.has(stone.id);
    const detail = details.get(index);
    const row = (
      <tr
        key={stone.id}
        aria-rowindex={index + 2}
        aria-selected={isSelected}
        className={
          [isSelected ? 'is-selected' : '', rowClass?.(stone) ?? ''].filter(Boolean).join(' ') || undefined
        }
        style={{ height: ROW_HEIGHT }}
      >
        <td className="is-pinned select-cell" style={{ left: 0 }}>
          <input
            type="checkbox"
            aria-label={`Select ${stone.lot_id}`}
            checked={isSelected}
            onChange={() => onToggleRow(stone)}
          />
        </td>
        {columns.map((column) => (
          <td
            key={column.accessor}
            className={cellClass(column, column.accessor === 'lot_id' ? lotStatusClass(stone) : undefined)}
            style={stickyStyle(column)}
          >
            {renderCell(column.accessor, stone, cellContext)}
          </td>
        ))}
      </tr>
    );
    if (!detail) return row;
    return [
      row,
      <tr key={`${stone.id}:detail`} className="row-detail">
        <td colSpan={span}>
          <div className="row-detail-body">{detail}</div>
        </td>
      </tr>,
    ];
  };

  const segments = segmentsOf(items, rows);
  const bodies: ReactNode[] = segments.map((segment, at) => (
    <tbody key={segment.group.shape}>
      {at === 0 ? <SpacerRow height={paddingTop} span={span} /> : null}
      {segment.items.map((item) => {
        const row = rows[item.index]!;
        return row.kind === 'group'
          ? groupRow(row.group, row.open, item.index)
          : stoneRow(row.stone, item.index);
      })}
      {at === segments.length - 1 ? <SpacerRow height={paddingBottom} span={span} /> : null}
    </tbody>
  ));

  return (
    <div className="grid-scroll" ref={scrollRef}>
      <table className="stone-table" aria-label={label} aria-rowcount={rows.length + 1} style={{ width }}>
        <colgroup>
          <col style={{ width: SELECT_COLUMN_WIDTH }} />
          {columns.map((column) => (
            <col key={column.accessor} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="is-pinned select-cell" style={{ left: 0 }}>
              <input
                type="checkbox"
                aria-label="Select all stones"
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected && !allSelected;
                }}
                onChange={onToggleAll}
                disabled={rows.length === 0}
              />
            </th>
            {columns.map((column) => {
              const canSort = column.sortField !== null && sortable(column);
              const direction = ariaSort(sort, column);
              return (
                <th
                  key={column.accessor}
                  scope="col"
                  className={cellClass(column)}
                  style={stickyStyle(column)}
                  aria-sort={direction}
                  title={column.title || undefined}
                >
                  {column.accessor === 'fire_icon' ? (
                    <span className="visually-hidden">{column.title}</span>
                  ) : canSort ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => onSortChange(nextSort(sort, column.sortField!))}
                    >
                      {column.header}
                      <GridIcon
                        name={
                          direction === 'ascending'
                            ? 'sortAsc'
                            : direction === 'descending'
                              ? 'sortDesc'
                              : 'sortNone'
                        }
                        size={11}
                        className={direction ? 'sort-icon is-active' : 'sort-icon'}
                      />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {bodies.length > 0 ? bodies : <tbody />}
      </table>
    </div>
  );
}
