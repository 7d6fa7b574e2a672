import type { Customer } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { DetailSource } from '../../../config/paths';
import type { SortState } from '../sort-stones';
import { ColumnManagerDialog } from './column-manager-dialog';
import { COMPARE_MAX, COMPARE_MIN, CompareDialog } from './compare-dialog';
import { ContactSalesDialog } from './contact-sales-dialog';
import { downloadStones, type ExportScope, useColumnPreferences } from './grid-api';
import { PRICE_ACCESSORS } from './grid-cells';
import {
  arrangeColumns,
  type ExtraGridColumn,
  type GridColumn,
  gridColumns,
  withExtraColumns,
} from './grid-columns';
import {
  gridRows,
  groupByShape,
  type ShapeGroup,
  toggleCollapsed,
  toggleGroupSelection,
} from './grid-groups';
import { GridIcon } from './grid-icons';
import { GridTable } from './grid-table';
import { usePageSize } from './page-size';
import { Pagination } from './pagination';
import { ShareDialog } from './share-dialog';
import { TotalsBar, type TotalsOptions } from './totals-bar';
import './stone-grid.css';
import './grid-dialogs.css';

export interface StoneGridProps {
  /** The table's accessible name, e.g. "Result 1" or "New arrivals". */
  label: string;
  /** Every stone of the result, in the order to show; the grid pages through them. */
  stones: readonly Stone[];
  loading?: boolean;
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  selectedIds: readonly string[];
  onSelectionChange: (ids: string[]) => void;
  /** 0-based; the grid keeps its own page when these are left out. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** The detail page's `?path=` for the stock number links. */
  source: DetailSource;
  customer: Customer;
  /** What Download Excel exports when nothing is selected; every stone shown when left out. */
  exportScope?: ExportScope;
  /** The screen's name in share tracking, e.g. "search_result_page". */
  trackingPage: string;
  /** Extra controls at the start and the end of the toolbar (tabs, search by stone id, ...). */
  toolbarStart?: ReactNode;
  toolbarEnd?: ReactNode;
  /** What shows instead of rows when the result is empty. */
  empty?: ReactNode;
  /**
   * The footer's actions on the selected stones, drawn by the screen (domain-facts §2.1 "Footer":
   * Add to Cart and Confirm Stone on results, the cart's own actions in the cart).
   */
  selectionActions?: (selection: GridSelection) => ReactNode;
  /** The actions under each stone of the Compare dialog (domain-facts §2.3). */
  compareActions?: (stone: Stone) => ReactNode;
  /** False hides the totals bar (the cart's Sold tab). */
  showTotals?: boolean;
  /** How the totals bar reads on this screen (a bid tab's label and bid prices). */
  totals?: TotalsOptions;
  /** The screen's own columns after the pinned ones, each drawn by its `render`. */
  extraColumns?: readonly (ExtraGridColumn & { render: (stone: Stone) => ReactNode })[];
  /** A class for a stone's row (Won / Lost in a bid history). */
  rowClass?: (stone: Stone) => string | undefined;
  /** What opens under a stone's row (the bid panel under the selected stone), or null. */
  rowDetail?: (stone: Stone) => ReactNode;
}

/** The hint of a button that acts on the selection while nothing is selected. */
export const NO_SELECTION_HINT = 'Select the stones first';

/** The screen's own actions on stones, drawn by the grid (selection footer, compare columns). */
export type StoneActionSlots = Pick<StoneGridProps, 'selectionActions' | 'compareActions'>;

export interface GridSelection {
  stones: Stone[];
  clear(): void;
}

type OpenDialog =
  | { kind: 'columns' }
  | { kind: 'share' }
  | { kind: 'compare' }
  | { kind: 'unlock'; stones: Stone[] };

/**
 * The shared result grid (domain-facts §2.1): the customer's columns, server-ordered rows with
 * sortable headers, row selection with a totals bar, pages, the price lock, and a toolbar with
 * Download Excel, Share, Compare, the column manager and Full Screen.
 */
export function StoneGrid({
  label,
  stones,
  loading = false,
  sort,
  onSortChange,
  selectedIds,
  onSelectionChange,
  page: controlledPage,
  onPageChange,
  source,
  customer,
  exportScope,
  trackingPage,
  toolbarStart,
  toolbarEnd,
  empty,
  selectionActions,
  compareActions,
  showTotals = true,
  totals,
  extraColumns,
  rowClass,
  rowDetail,
}: StoneGridProps) {
  const [ownPage, setOwnPage] = useState(0);
  const [pageSize, setPageSize] = usePageSize();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [exporting, setExporting] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  // Shapes the buyer collapsed; kept while paging and sorting this grid, forgotten on reload.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const rootRef = useRef<HTMLDivElement>(null);
  const preferences = useColumnPreferences();
  const arranged = useMemo(() => arrangeColumns(preferences.data), [preferences.data]);
  const columns = useMemo(
    () => withExtraColumns(gridColumns(arranged), extraColumns ?? []),
    [arranged, extraColumns],
  );
  const extraCells = useMemo(
    () => new Map((extraColumns ?? []).map((column) => [column.accessor, column] as const)),
    [extraColumns],
  );
  const approved = customer.kyc.status === 'approved';

  const pages = Math.max(1, Math.ceil(stones.length / pageSize));
  const requestedPage = controlledPage ?? ownPage;
  const page = Math.min(Math.max(0, requestedPage), pages - 1);
  const setPage = useCallback(
    (next: number) => {
      if (onPageChange) onPageChange(next);
      else setOwnPage(next);
    },
    [onPageChange],
  );
  const groups = useMemo(
    () => groupByShape(stones.slice(page * pageSize, (page + 1) * pageSize)),
    [stones, page, pageSize],
  );
  const rows = useMemo(() => gridRows(groups, collapsed), [groups, collapsed]);

  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const selectedStones = useMemo(() => stones.filter((stone) => selected.has(stone.id)), [stones, selected]);
  const allSelected = stones.length > 0 && selectedStones.length === stones.length;

  const toggleRow = (stone: Stone) =>
    onSelectionChange(
      selected.has(stone.id) ? selectedIds.filter((id) => id !== stone.id) : [...selectedIds, stone.id],
    );
  const toggleAll = () => onSelectionChange(allSelected ? [] : stones.map((stone) => stone.id));
  const toggleGroup = (group: ShapeGroup) => setCollapsed((current) => toggleCollapsed(current, group.shape));
  const toggleGroupRows = (group: ShapeGroup) =>
    onSelectionChange(toggleGroupSelection(selectedIds, group, selected));

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullScreen = async () => {
    const root = rootRef.current;
    if (!root) return;
    if (fullScreen) {
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
      setFullScreen(false);
      return;
    }
    // The browser's full screen when it allows it; otherwise the grid fills the window.
    try {
      await root.requestFullscreen();
    } catch {
      // Refused (no user gesture, iframe): the CSS fallback below still fills the window.
    }
    setFullScreen(true);
  };

  const exportNow = async () => {
    setExporting(true);
    await downloadStones(
      selectedIds.filter((id) => selected.has(id)),
      stones.map((stone) => stone.id),
      exportScope,
    );
    setExporting(false);
  };

  const sortable = (column: GridColumn) => approved || !PRICE_ACCESSORS.has(column.accessor);
  const compareCount = selectedStones.length;
  const canCompare = compareCount >= COMPARE_MIN && compareCount <= COMPARE_MAX;

  return (
    <div
      className={['stone-grid', fullScreen ? 'is-full-screen' : ''].filter(Boolean).join(' ')}
      ref={rootRef}
    >
      <div className="grid-toolbar" role="toolbar" aria-label={`${label} actions`}>
        <div className="grid-toolbar-start">{toolbarStart}</div>
        <div className="grid-toolbar-end">
          {toolbarEnd}
          <Button
            variant="secondary"
            size="sm"
            icon={<GridIcon name="download" />}
            busy={exporting}
            data-tour="download-excel"
            disabled={stones.length === 0}
            onClick={() => void exportNow()}
          >
            Download Excel
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<GridIcon name="share" />}
            disabled={selectedStones.length === 0}
            title={selectedStones.length === 0 ? 'Select the stones to share' : undefined}
            onClick={() => setDialog({ kind: 'share' })}
          >
            Share
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<GridIcon name="compare" />}
            disabled={!canCompare}
            title={canCompare ? undefined : `Select ${COMPARE_MIN} to ${COMPARE_MAX} stones to compare`}
            onClick={() => setDialog({ kind: 'compare' })}
          >
            Compare
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<GridIcon name="columns" />}
            onClick={() => setDialog({ kind: 'columns' })}
          >
            Columns
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<GridIcon name={fullScreen ? 'shrink' : 'expand'} />}
            onClick={() => void toggleFullScreen()}
          >
            {fullScreen ? 'Exit Full Screen' : 'Full Screen'}
          </Button>
        </div>
      </div>

      <ul className="grid-legend" aria-label="Legend">
        <li>
          <span className="legend-swatch lot-in-cart" aria-hidden="true" /> In Cart
        </li>
        <li>
          <span className="legend-swatch lot-hold" aria-hidden="true" /> Hold
        </li>
        <li>
          <span className="legend-swatch lot-memo" aria-hidden="true" /> Memo
        </li>
        <li>
          <span className="fire-icon" aria-hidden="true">
            <GridIcon name="fire" size={13} />
          </span>{' '}
          In high demand
        </li>
      </ul>

      <div className="grid-body" aria-busy={loading || undefined}>
        {loading && stones.length === 0 ? (
          <div className="grid-loading">
            <Spinner label="Loading stones" size={26} />
          </div>
        ) : stones.length === 0 ? (
          <div className="grid-empty">{empty ?? 'No stones to show.'}</div>
        ) : (
          <GridTable
            label={label}
            columns={columns}
            rows={rows}
            sort={sort}
            onSortChange={(next) => {
              onSortChange(next);
              setPage(0);
            }}
            sortable={sortable}
            selected={selected}
            onToggleRow={toggleRow}
            allSelected={allSelected}
            someSelected={selectedStones.length > 0}
            onToggleAll={toggleAll}
            onToggleGroup={toggleGroup}
            onToggleGroupSelection={toggleGroupRows}
            rowClass={rowClass}
            rowDetail={rowDetail}
            cellContext={{
              source,
              onUnlock: (stone) => setDialog({ kind: 'unlock', stones: [stone] }),
              pricesLocked: !approved,
              extraCells,
            }}
          />
        )}
        {loading && stones.length > 0 ? (
          <div className="grid-refreshing">
            <Spinner label="Updating" size={18} />
          </div>
        ) : null}
      </div>

      <div className="grid-footer">
        {selectionActions?.({ stones: selectedStones, clear: () => onSelectionChange([]) })}
        {showTotals ? <TotalsBar stones={stones} selected={selected} {...totals} /> : null}
        <Pagination
          page={page}
          pageSize={pageSize}
          total={stones.length}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </div>

      {dialog?.kind === 'columns' ? (
        <ColumnManagerDialog arranged={arranged} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'share' ? (
        <ShareDialog
          stones={selectedStones}
          source={source}
          page={trackingPage}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'compare' ? (
        <CompareDialog
          stones={selectedStones}
          source={source}
          onClose={() => setDialog(null)}
          onRemove={(stone) => onSelectionChange(selectedIds.filter((id) => id !== stone.id))}
          stoneActions={compareActions}
        />
      ) : null}
      {dialog?.kind === 'unlock' ? (
        <ContactSalesDialog kam={customer.kam} stones={dialog.stones} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
