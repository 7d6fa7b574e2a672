import type { Writable } from 'node:stream';
import { formatOrderId } from '@loupe/contract/orders';
import type { StoneFilters } from '@loupe/contract/search-filters';
import { EXPORT_LIMITS, type exportRequest } from '@loupe/contract/stock-export';
import { LOCATIONS } from '@loupe/contract/stone-vocabulary';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { keepingOldGenerationDown } from '../../platform/old-generation.ts';
import { type BidSheet, bidCellsFor, bidSheetPrices, type SheetPrice } from '../bidding/index.ts';
import { paidStonesOf } from '../orders/index.ts';
import { assertPriceAccess, type StoneScope, stoneConditions, stoneOrderBy } from '../search/index.ts';
import { requireApprovedKyc, type StockViewer, type StoneRow, statusRank } from '../stones/index.ts';
import { type TradeShowRow, tradeShowFor } from '../trade-shows/index.ts';
import { bidExportColumns, type ExportColumn, exportColumnsFor } from './export-columns.ts';
import { type Sums, totalsLine } from './export-totals.ts';
import type { CellValue } from './export-workbook.ts';

/**
 * The spreadsheet export (Download Excel): which stones, in which order, and who may see their
 * prices are all settled before the first byte, so every refusal is a normal JSON error. Then the
 * stones are read a batch at a time by id and written as they come.
 */

export type ExportRequest = z.output<typeof exportRequest>;

/** Everything the file needs, decided up front. */
export interface StoneExport {
  /** Stone ids in the order of the rows. */
  stoneIds: string[];
  showPrices: boolean;
  sheetName: string;
  /** A line above the header, e.g. the trade show's name. */
  title?: string;
  fileName: string;
  /**
   * The prices the file shows in place of a stone's own, when it has any: an order's prices paid,
   * or a bid-to-buy tab's event floor.
   */
  pricesOf?: (row: StoneRow) => SheetPrice | undefined;
  /** A bidding tab's export: its bid columns after the stone's. */
  bidColumns?: readonly ExportColumn[];
}

/**
 * Stones read per query. A batch's rows wait as JavaScript objects while the query runs; a
 * thousand lived through enough collections to be promoted (about 40 MB more heap at the peak
 * than 250 do), and 250 cost no time, the queries running while the rows before are written.
 */
const READ_BATCH = 250;
/** Batches read ahead of the one being written. */
const READ_AHEAD = 2;
/** From this many rows, an export first asks for a full collection of the heap (decision 073). */
const LARGE_EXPORT = 20_000;
/** Lot ids and stone ids looked up per query when resolving a selection. */
const LOOKUP_BATCH = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCATION_CODES = LOCATIONS.map((l) => l.value);
/** "LD1234-IND": a stock number with its location, as the detail page's links carry it. */
const WITH_LOCATION = new RegExp(
  `^(.+)-(${[...LOCATION_CODES].sort((a, b) => b.length - a.length).join('|')})$`,
  'i',
);

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The selected stones' ids in the order given. An entry is a stone id or a stock number (any
 * case, optionally with "-<location>"); entries naming no stone are left out, a stone named
 * twice appears once.
 */
export async function resolveSelection(db: Database, entries: readonly string[]): Promise<string[]> {
  const keys = entries.map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  const ids = [...new Set(keys.filter((key) => UUID.test(key)))];
  const lots = [
    ...new Set(
      keys.flatMap((key) => {
        const stripped = key.match(WITH_LOCATION)?.[1];
        return stripped ? [key, stripped] : [key];
      }),
    ),
  ];
  const byKey = new Map<string, string>();
  for (const batch of chunks(ids, LOOKUP_BATCH)) {
    const rows = await db.select({ id: stones.id }).from(stones).where(inArray(stones.id, batch));
    for (const row of rows) byKey.set(row.id, row.id);
  }
  for (const batch of chunks(lots, LOOKUP_BATCH)) {
    const rows = await db
      .select({ id: stones.id, lotId: stones.lotId })
      .from(stones)
      .where(inArray(sql`lower(${stones.lotId})`, batch));
    for (const row of rows) byKey.set(row.lotId.toLowerCase(), row.id);
  }
  const ordered = new Set<string>();
  for (const key of keys) {
    const id = byKey.get(key) ?? byKey.get(key.match(WITH_LOCATION)?.[1] ?? '');
    if (id) ordered.add(id);
  }
  return [...ordered];
}

/** Every stone of a search, in the search's order; refused beyond the cap before anything is sent. */
async function idsOfResult(db: Database, where: SQL, sort: ExportRequest['sort']): Promise<string[]> {
  const max = EXPORT_LIMITS.maxStones;
  const rows = await db
    .select({ id: stones.id })
    .from(stones)
    .where(where)
    .orderBy(...stoneOrderBy(sort))
    .limit(max + 1);
  if (rows.length > max) {
    const [total] = await db.select({ count: sql<number>`count(*)::integer` }).from(stones).where(where);
    const count = total?.count ?? rows.length;
    throw new AppError(
      'EXPORT_TOO_LARGE',
      `This search finds ${count.toLocaleString('en-US')} stones; one spreadsheet holds at most ${max.toLocaleString('en-US')}. Please narrow the search.`,
      { count, max },
    );
  }
  return rows.map((row) => row.id);
}

async function selectedIds(db: Database, products: readonly string[]): Promise<string[]> {
  const ids = await resolveSelection(db, products);
  if (ids.length === 0) throw new AppError('NOT_FOUND', 'None of the selected stones is in stock.');
  return ids;
}

function scopeOf(input: ExportRequest, viewer: StockViewer, now: Date): StoneScope {
  if (input.new_arrivals) requireApprovedKyc(viewer, 'Complete your KYC to export new arrivals.');
  return { stock: input.new_arrivals ? 'new_arrivals' : 'searchable', now };
}

/** The stones of one of the customer's orders, at the prices paid; another customer's order is not found. */
async function planOrderExport(db: Database, viewer: StockViewer, orderId: string, fileName?: string) {
  const { displayId, stoneIds, paid } = await paidStonesOf(db, viewer.customerId, orderId);
  const id = formatOrderId(displayId);
  return {
    stoneIds,
    pricesOf: (row: StoneRow) => paid.get(row.id),
    showPrices: true,
    sheetName: `Order ${id}`,
    fileName: fileName ?? `order_${id}.xlsx`,
  };
}

/** The bidding tab of an export, from its `from_…` flags; more than one answers 400. */
function bidSheetOf(input: ExportRequest): BidSheet | null {
  const sheets: BidSheet[] = [];
  if (input.from_new_arrival_bid) sheets.push('new_arrival_bid');
  if (input.from_new_arrival_bid_history) sheets.push('new_arrival_bid_history');
  if (input.from_bid_to_buy) sheets.push('bid_to_buy');
  if (input.from_bid_to_buy_history) sheets.push('bid_to_buy_history');
  if (sheets.length > 1)
    throw new AppError(
      'VALIDATION_FAILED',
      'An export comes from one bidding tab at most: send one from_… flag.',
    );
  return sheets[0] ?? null;
}

/**
 * `POST /store/products/export-excel`: the stones of an order, the selected stones, or the whole
 * result of the filters.
 */
export async function planStoneExport(
  db: Database,
  viewer: StockViewer,
  input: ExportRequest,
  now: Date,
): Promise<StoneExport> {
  if (input.order_id) return planOrderExport(db, viewer, input.order_id, input.file_name);
  const scope = scopeOf(input, viewer, now);
  const sheet = bidSheetOf(input);
  const base = {
    showPrices: viewer.kycApproved,
    sheetName: input.new_arrivals ? 'New Arrivals' : 'Stones',
    fileName: input.file_name ?? EXPORT_LIMITS.defaultFileName,
    ...(sheet
      ? {
          bidColumns: bidExportColumns(sheet, await bidCellsFor(db, viewer, sheet)),
          pricesOf: bidSheetPrices(sheet),
        }
      : {}),
  };
  if (input.products && input.products.length > 0) {
    return { ...base, stoneIds: await selectedIds(db, input.products) };
  }
  const filters: StoneFilters = input.previous_searchs ?? {};
  assertPriceAccess(viewer, filters, input.sort);
  return { ...base, stoneIds: await idsOfResult(db, stoneConditions(filters, scope), input.sort) };
}

/** The trade show the viewer may visit (running or next), or 409 NO_TRADE_SHOW. */
export async function runningTradeShow(db: Database, viewer: StockViewer, now: Date): Promise<TradeShowRow> {
  const show = await tradeShowFor(db, viewer.customerId, now);
  if (!show) throw new AppError('NO_TRADE_SHOW');
  return show;
}

/**
 * `POST /store/products-export-excel-trade-show`: while a trade show runs, the selected stones,
 * or the Available stones the supplier shows there (those at the show's location), under the
 * show's name.
 */
export async function planTradeShowExport(
  db: Database,
  viewer: StockViewer,
  input: ExportRequest,
  now: Date,
): Promise<StoneExport> {
  const show = await runningTradeShow(db, viewer, now);
  const scope = scopeOf(input, viewer, now);
  const location = LOCATIONS.find((l) => l.value === show.location);
  const base = {
    showPrices: viewer.kycApproved,
    sheetName: show.name,
    title: `${show.name}: stones on show from ${location?.label ?? show.location}`,
    fileName: input.file_name ?? EXPORT_LIMITS.defaultFileName,
  };
  if (input.products && input.products.length > 0) {
    return { ...base, stoneIds: await selectedIds(db, input.products) };
  }
  const filters: StoneFilters = {
    ...input.previous_searchs,
    location: [show.location] as StoneFilters['location'],
  };
  assertPriceAccess(viewer, filters, input.sort);
  const where = and(stoneConditions(filters, scope), eq(stones.status, statusRank('Available')))!;
  return { ...base, stoneIds: await idsOfResult(db, where, input.sort) };
}

/**
 * The columns the file shows. Media addresses, flags and dates are not read: an export reads up
 * to 100,000 rows and every value read costs.
 */
const NOT_IN_FILE = {
  imageUrl: null,
  videoUrl: null,
  certificateUrl: null,
  gemtrac: false,
  inHighDemand: false,
  pairLotId: null,
  source: '',
  certifiedAt: new Date(0),
  createdAt: new Date(0),
  updatedAt: new Date(0),
} satisfies Partial<StoneRow>;
const FILE_COLUMNS = Object.entries(getTableColumns(stones)).filter(([key]) => !(key in NOT_IN_FILE));
// PostgreSQL functions take at most 100 arguments.
if (FILE_COLUMNS.length > 100)
  throw new Error('export-stones: split FILE_ROW, the stones table outgrew json_build_array');
/**
 * Each stone as one JSON array built by the database: decoding one text value a row instead of
 * eighty is what keeps 100,000 rows fast on both PGlite and node-postgres.
 */
const FILE_ROW = sql<string>`json_build_array(${sql.join(
  FILE_COLUMNS.map(([, column]) => column),
  sql`, `,
)})::text`;

/**
 * A stone row read from its JSON array: every column a getter on one shared prototype, so the
 * columns read it like any row without an object of eighty keys being built per stone.
 */
class FileRow {
  constructor(readonly values: readonly unknown[]) {}
}
FILE_COLUMNS.forEach(([key], index) => {
  Object.defineProperty(FileRow.prototype, key, {
    get(this: FileRow) {
      return this.values[index];
    },
  });
});
for (const [key, value] of Object.entries(NOT_IN_FILE))
  Object.defineProperty(FileRow.prototype, key, { value });

function rowOf(json: string): StoneRow {
  // The getters on FileRow's prototype give it every column of a StoneRow, which TypeScript cannot see.
  return new FileRow(JSON.parse(json) as unknown[]) as unknown as StoneRow;
}

/**
 * A batch's rows by id, with the ids as one text parameter (`id = any(...)`: a thousand separate
 * parameters cost more to build and send than the rows they fetch). Built once per database and
 * prepared under a name: building the eighty-column statement and PostgreSQL's parsing and planning
 * it took about a millisecond a batch, a tenth of the export's database time.
 */
function batchQuery(db: Database) {
  return db
    .select({ id: stones.id, row: FILE_ROW })
    .from(stones)
    .where(sql`${stones.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`)
    .prepare('export_stone_rows');
}
const batchQueries = new WeakMap<Database, ReturnType<typeof batchQuery>>();

async function readBatch(db: Database, ids: readonly string[]): Promise<StoneRow[]> {
  let query = batchQueries.get(db);
  if (!query) {
    query = batchQuery(db);
    batchQueries.set(db, query);
  }
  const rows = await query.execute({ ids: ids.join(',') });
  const byId = new Map(rows.map(({ id, row }) => [id, rowOf(row)]));
  // A stone sold and removed since the export began is simply not in the file.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The rows with the prices shown laid over their own (rows are read-only views, so each gets a layer). */
function atPricesShown(rows: StoneRow[], pricesOf: StoneExport['pricesOf']): StoneRow[] {
  if (!pricesOf) return rows;
  return rows.map((row) => {
    const price = pricesOf(row);
    if (!price) return row;
    const layer = Object.fromEntries(Object.entries(price).map(([key, value]) => [key, { value }]));
    return Object.create(row, layer) as StoneRow;
  });
}

/**
 * Writes the file into `out`, reading the stones a batch at a time. Each batch is turned into the
 * sheet's bytes as soon as it arrives (in order), while the next batches are being read: what waits
 * for the zip and the download is bytes, not rows. Rows kept waiting lived through enough
 * collections to be promoted, and the old generation then grew by about 100 MB per 100,000 rows.
 */
export async function writeStoneExport(
  db: Database,
  plan: StoneExport,
  out: Writable,
  created: Date,
): Promise<void> {
  const columns = [
    ...exportColumnsFor(plan.showPrices),
    ...(plan.bidColumns ?? []).filter((column) => plan.showPrices || !column.price),
  ];
  // exceljs takes a second to load: the server loads it on the first export, not at start.
  const { SpreadsheetStream } = await import('./export-workbook.ts');
  const sheet = new SpreadsheetStream(out, {
    sheetName: plan.sheetName,
    title: plan.title,
    columns,
    creator: 'Loupe Diamonds',
    created,
  });
  const sums: Sums = { pieces: 0, carats: 0, amount: 0, rapValue: 0 };
  const cells: CellValue[] = new Array(columns.length);
  const render = (batch: StoneRow[]) => {
    for (const stone of atPricesShown(batch, plan.pricesOf)) {
      sums.pieces += 1;
      sums.carats += stone.carats;
      sums.amount += stone.amount;
      sums.rapValue += stone.rapValue;
      for (let i = 0; i < columns.length; i++) cells[i] = columns[i]!.value(stone);
      sheet.addRow(cells);
    }
  };
  const batches = chunks(plan.stoneIds, READ_BATCH);
  // Each batch read is rendered once it and the batch before it are in: the database reads the
  // next batches while this one is zipped and sent.
  const rendering: Promise<void>[] = [];
  let rendered: Promise<void> = Promise.resolve();
  let nextBatch = 0;
  const readAhead = () => {
    while (rendering.length < READ_AHEAD && nextBatch < batches.length) {
      const reading = readBatch(db, batches[nextBatch++]!);
      rendered = Promise.all([reading, rendered]).then(([batch]) => render(batch));
      // Awaited in turn; until then a failure must not count as unhandled.
      rendered.catch(() => undefined);
      rendering.push(rendered);
    }
  };
  // What the rows leave in the old generation is collected as the export goes, and before a large
  // one what earlier work left there (decision 073).
  const keepOldGenerationDown = keepingOldGenerationDown({
    collectFirst: plan.stoneIds.length >= LARGE_EXPORT,
  });
  readAhead();
  while (rendering.length > 0) {
    await rendering.shift();
    keepOldGenerationDown();
    // A download closed meanwhile reads no further batch.
    await sheet.written();
    readAhead();
  }
  await sheet.finish(totalsLine(columns, sheet, sums));
}
