import { labReportUrl } from '@loupe/contract/lab-reports';
import { STONE_COLUMNS } from '@loupe/contract/stone-columns';
import { SHAPES } from '@loupe/contract/stone-vocabulary';
import type { BidCells, BidSheet } from '../bidding/index.ts';
import {
  colorText,
  GRADED_COLUMNS,
  type GradedKey,
  girdleText,
  keyToSymbolsOf,
  measurementsText,
  type StoneRow,
  statusAt,
} from '../stones/index.ts';
import type { CellFormat, CellValue, SheetColumn } from './export-workbook.ts';

/**
 * The spreadsheet's columns: the grid's columns in their default order (domain-facts §2.1, shared
 * through STONE_COLUMNS) with the trade's formats, then a link to the lab's report check.
 *
 * They read the stored row (grades as ranks) rather than the API's Stone: an export writes up to
 * 100,000 rows, and building a Stone for each doubled the work and the garbage. The ranks turn
 * into the same vocabulary values toStone gives, through the same lists.
 */

export interface ExportColumn extends SheetColumn {
  accessor: string;
  /** A price or discount: left out entirely for customers whose KYC is not approved. */
  price: boolean;
  value(row: StoneRow): CellValue;
}

type Renderer = {
  width: number;
  format: CellFormat;
  price?: boolean;
  repeats?: boolean;
  value(row: StoneRow): CellValue;
};

/** Each graded column's values by rank, for a lookup per cell. */
const VALUES_BY_RANK = Object.fromEntries(
  Object.entries(GRADED_COLUMNS).map(([key, { list }]) => [key, [null, ...list.map((g) => g.value)]]),
) as Record<GradedKey, (string | null)[]>;

/** The vocabulary value of a stored rank, as toStone gives it. */
export function gradeOf(key: GradedKey, rank: number | null): string | null {
  return rank == null ? null : (VALUES_BY_RANK[key][rank] ?? null);
}

const SHAPE_NAMES = [null, ...SHAPES.map((s) => s.label)];

/** Free text: stock numbers, certificate numbers, inscriptions. */
const text = (pick: (row: StoneRow) => string | null | undefined, width: number): Renderer => ({
  width,
  format: 'text',
  value: (row) => pick(row) ?? null,
});
/** A value from the trade's short lists (grades, statuses, locations), or text that repeats. */
const listed = (pick: (row: StoneRow) => string | null | undefined, width: number): Renderer => ({
  width,
  format: 'text',
  repeats: true,
  value: (row) => pick(row) || null,
});
const grade = (key: GradedKey, width: number, column: keyof StoneRow = key as keyof StoneRow) =>
  listed((row) => gradeOf(key, row[column] as number | null), width);
const decimal = (pick: (row: StoneRow) => number | null, width = 8): Renderer => ({
  width,
  format: 'decimal',
  value: pick,
});
const money = (pick: (row: StoneRow) => number | null, width = 13): Renderer => ({
  width,
  format: 'money',
  price: true,
  value: pick,
});

const RENDERERS: Record<string, Renderer> = {
  lot_id: text((r) => r.lotId, 13),
  diamond_status: listed((r) => statusAt(r.status), 10),
  location: grade('location', 8),
  lab: grade('lab', 8),
  shape: listed((r) => SHAPE_NAMES[r.shape] ?? gradeOf('shape', r.shape), 11),
  cut: grade('cut', 6),
  carats: decimal((r) => r.carats),
  color: listed(
    (r) =>
      colorText({
        color: gradeOf('color', r.color),
        fancy_color: gradeOf('fancy_color', r.fancyColor),
        fancy_intensity: gradeOf('fancy_intensity', r.fancyIntensity),
        fancy_overtone: gradeOf('fancy_overtone', r.fancyOvertone),
      }),
    12,
  ),
  clarity: grade('clarity', 8),
  polish: grade('polish', 6),
  symmetry: grade('symmetry', 6),
  fluorescence: grade('fluorescence', 7),
  discount: { width: 8, format: 'decimal', price: true, value: (r) => r.discount },
  price_per_carat: money((r) => r.pricePerCarat, 12),
  rap: money((r) => r.rapPerCarat, 12),
  rap_value: money((r) => r.rapValue, 14),
  amount: money((r) => r.amount, 14),
  shade: grade('shade', 10),
  table_percentage: decimal((r) => r.tablePercentage),
  depth_percentage: decimal((r) => r.depthPercentage),
  certificate_number: text((r) => r.certificateNumber, 13),
  ratio: decimal((r) => r.ratio, 7),
  measurements: text(measurementsText, 17),
  crown_angle: decimal((r) => r.crownAngle, 7),
  crown_height: decimal((r) => r.crownHeight, 7),
  girdle_percentage: decimal((r) => r.girdlePercentage, 8),
  pavilion_angle: decimal((r) => r.pavilionAngle, 7),
  pavilion_height: decimal((r) => r.pavilionHeight, 7),
  lower_half: decimal((r) => r.lowerHalf, 7),
  star_length: decimal((r) => r.starLength, 7),
  culet: grade('culet', 9),
  girdle: listed(
    (r) =>
      girdleText({
        girdle_thin: gradeOf('girdle_thin', r.girdleThin),
        girdle_thick: gradeOf('girdle_thick', r.girdleThick),
      }),
    10,
  ),
  table_black: grade('table_black', 6, 'tableBlack'),
  side_black: grade('side_black', 6, 'sideBlack'),
  table_inclusion: grade('table_inclusion', 6, 'tableInclusion'),
  side_inclusion: grade('side_inclusion', 6, 'sideInclusion'),
  table_open: grade('table_open', 6, 'tableOpen'),
  crown_open: grade('crown_open', 6, 'crownOpen'),
  pavilion_open: grade('pavilion_open', 6, 'pavilionOpen'),
  milky: grade('milky', 7),
  eye_clean: grade('eye_clean', 6, 'eyeClean'),
  // Comments and symbols repeat across stones, so they share strings too.
  report_comments: listed((r) => r.reportComments, 30),
  key_to_symbols: listed((r) => keyToSymbolsOf(r.keyToSymbols).join(', '), 30),
  inscription: text((r) => r.inscription, 18),
  luster: grade('luster', 8),
  origin_country: grade('origin_country', 13, 'originCountry'),
  tracr_id: text((r) => r.tracrId, 20),
};

/** Grid columns a file cannot show: "Details" is the grid's media button. */
const NOT_IN_FILE = new Set(['details']);

const LAB_REPORT: ExportColumn = {
  accessor: 'lab_report',
  header: 'Lab Report',
  width: 20,
  format: 'link',
  price: false,
  value: (row) => {
    const lab = gradeOf('lab', row.lab);
    const url = labReportUrl(lab, row.certificateNumber);
    return url ? { text: `${lab} ${row.certificateNumber}`, url } : null;
  },
};

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  ...STONE_COLUMNS.filter((column) => !NOT_IN_FILE.has(column.accessor)).map((column) => {
    const renderer = RENDERERS[column.accessor];
    // A column added to the grid must be given its format here before the server starts.
    if (!renderer)
      throw new Error(`export-columns: no spreadsheet format for grid column "${column.accessor}"`);
    return {
      accessor: column.accessor,
      header: column.short_label,
      width: Math.max(renderer.width, column.short_label.length + 3),
      format: renderer.format,
      repeats: renderer.repeats ?? false,
      price: renderer.price ?? false,
      value: renderer.value,
    };
  }),
  LAB_REPORT,
];

/** The columns a customer may see: without KYC approval no price, discount or list value at all. */
export function exportColumnsFor(showPrices: boolean): readonly ExportColumn[] {
  return showPrices ? EXPORT_COLUMNS : EXPORT_COLUMNS.filter((column) => !column.price);
}

/** dd/mm/yy, as the bidding grids show a bid's date (domain-facts §2.2). */
function bidDate(date: Date | null): string | null {
  if (!date) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCFullYear() % 100)}`;
}

/**
 * A bidding tab's columns after the stone's, with the tab's headers: my bid, on new arrivals the
 * highest bid, the date of my bid, and in history whether it won.
 */
export function bidExportColumns(sheet: BidSheet, cells: ReadonlyMap<string, BidCells>): ExportColumn[] {
  const of = (row: StoneRow) => cells.get(row.id);
  const history = sheet.endsWith('_history');
  const columns: ExportColumn[] = [];
  if (history)
    columns.push({
      accessor: 'is_win',
      header: 'Result',
      width: 8,
      format: 'text',
      repeats: true,
      price: false,
      value: (row) => {
        const won = of(row)?.won;
        return won === undefined || won === null ? null : won ? 'Won' : 'Lost';
      },
    });
  columns.push({
    accessor: 'my_current_bid',
    header: 'My Bid %',
    width: 10,
    format: 'decimal',
    price: true,
    value: (row) => of(row)?.mine ?? null,
  });
  if (sheet.startsWith('new_arrival'))
    columns.push({
      accessor: 'current_max_bid',
      header: 'Curr Max. Bid%',
      width: 15,
      format: 'decimal',
      price: true,
      value: (row) => of(row)?.max ?? null,
    });
  columns.push({
    accessor: 'last_bid_date',
    header: 'Date',
    width: 10,
    format: 'text',
    price: false,
    value: (row) => bidDate(of(row)?.date ?? null),
  });
  return columns;
}
