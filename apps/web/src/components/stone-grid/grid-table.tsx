import type { Stone } from '@loupe/contract/stock';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, useRef } from 'react';
import type { SortState } from '../../lib/search-tabs-store';
import { type CellContext, lotStatusClass, renderCell } from './grid-cells';
import { type GridColumn, SELECT_COLUMN_WIDTH } from './grid-columns';
import { GridIcon } from './grid-icons';
import { nextSort } from './sort-stones';

const ROW_HEIGHT = 34;

export interface GridTableProps {
  label: string;
  columns: readonly GridColumn[];
  rows: readonly Stone[];
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  /** Price columns cannot be sorted by a customer who may not see prices. */
  sortable: (column: GridColumn) => boolean;
  selected: ReadonlySet<string>;
  onToggleRow: (stone: Stone) => void;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  cellContext: CellContext;
}

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

/**
 * The grid itself: a table with a sticky header, the checkbox, fire, stock number and shape
 * pinned on the left, and only the rows in view rendered (a page may hold 300 stones).
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
  cellContext,
}: GridTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const offsets = pinnedOffsets(columns);
  const lastPinned = [...offsets.keys()].at(-1);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Without layout (tests, first paint) render a screenful rather than nothing.
    initialRect: { width: 1200, height: 900 },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const width = SELECT_COLUMN_WIDTH + columns.reduce((sum, column) => sum + column.width, 0);

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
        <tbody>
          <SpacerRow height={paddingTop} span={columns.length + 1} />
          {items.map((item) => {
            const stone = rows[item.index]!;
            const isSelected = selected.has(stone.id);
            return (
              <tr
                key={stone.id}
                aria-rowindex={item.index + 2}
                aria-selected={isSelected}
                className={isSelected ? 'is-selected' : undefined}
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
                    className={cellClass(
                      column,
                      column.accessor === 'lot_id' ? lotStatusClass(stone) : undefined,
                    )}
                    style={stickyStyle(column)}
                  >
                    {renderCell(column.accessor, stone, cellContext)}
                  </td>
                ))}
              </tr>
            );
          })}
          <SpacerRow height={paddingBottom} span={columns.length + 1} />
        </tbody>
      </table>
    </div>
  );
}
