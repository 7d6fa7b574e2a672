import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';

/**
 * A one-sheet .xlsx written straight into a stream while the rows are still being read.
 *
 * exceljs's streaming WorkbookWriter builds the file: zip, styles, workbook, frozen panes, column
 * widths, the header, the auto filter. The data rows bypass exceljs's per-cell objects, which
 * cost about 3 µs a cell (16 s for 100,000 stones × 48 columns); they are rendered here as the
 * sheet's XML, encoded row by row into buffers of CHUNK_BYTES and handed to the worksheet's own
 * part of the zip, with the style ids exceljs assigned. exceljs's streams do not push back, so
 * `written` waits while more than HIGH_WATER bytes sit unzipped, or zipped but not yet taken by
 * the download: memory stays flat however many rows follow and however slow the client.
 * These reach into exceljs 4.4.0's internals (pinned exactly in package.json); the export tests
 * read every file back with openpyxl, so a change there fails loudly.
 */

/** How a column's values are written and shown. */
export type CellFormat = 'text' | 'decimal' | 'money' | 'count' | 'pieces' | 'link';

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width: number;
  format: CellFormat;
  /**
   * Text from a short list (grades, statuses, locations): kept once in the shared string table,
   * which makes each cell a third of the size, and the file that much faster to zip.
   */
  repeats?: boolean;
}

/**
 * A link shows `text` and opens `url`; a formula carries its computed result for readers that
 * do not calculate.
 */
export type CellValue =
  | string
  | number
  | null
  | undefined
  | { text: string; url: string }
  | { formula: string; result: number | string };

/** A cell of the totals line, in another format than its column's when given. */
export interface TotalCell {
  value: CellValue;
  format?: CellFormat;
}

export interface SpreadsheetOptions {
  sheetName: string;
  /** A bold line above the header (e.g. the trade show's name). */
  title?: string;
  columns: readonly SheetColumn[];
  creator: string;
  created: Date;
}

/** Unzipped bytes allowed in flight before the writer waits for the zip to catch up. */
const HIGH_WATER = 1 << 20;
/**
 * Rendered rows are encoded into buffers of this size as they are made. Each row's text dies
 * young that way; a few hundred rows joined into one long string first (and encoded only when
 * written) cost a third of the export's time in flattening and copying, and their strings lived
 * long enough to be promoted to the old generation, which grew by ~100 MB per 100,000 rows.
 */
const CHUNK_BYTES = 256 * 1024;
/** The size of the pieces the deflater hands on (Node's default is 16 KB). */
const DEFLATE_CHUNK_BYTES = 64 * 1024;
/** UTF-8 takes at most three bytes for a UTF-16 code unit. */
const MAX_UTF8_BYTES_PER_UNIT = 3;

type StyleModel = Partial<ExcelJS.Style>;

/** What this module uses of exceljs's WorkbookWriter and its worksheet stream beyond the typings. */
interface WriterInternals {
  styles: { addStyleModel(model: StyleModel, cellType: ExcelJS.ValueType): number };
  sharedStrings: { add(text: string): number };
  zip: NodeJS.EventEmitter;
}
/** A stream's buffered bytes, as Node's and readable-stream's states count them. */
interface StreamState {
  _writableState?: { length: number };
  _readableState?: { length: number; pipes?: unknown };
}
/** The zip entry's input: a pass-through into the deflating stream. */
interface EntryInternals extends StreamState {
  write(chunk: Buffer): unknown;
  once(event: 'drain', listener: () => void): unknown;
}
interface SheetStreamInternals {
  write(xml: string | Buffer): unknown;
  /** Hands everything buffered (exceljs batches its writes in 64 KB blocks) to the zip entry. */
  _flush(): void;
  /** The zip entry's input; its buffered length is what is still to be compressed. */
  pipes?: EntryInternals[];
}

/**
 * The zip entry's deflater (crc32-stream's DeflateCRC32Stream, a zlib DeflateRaw): it sums the
 * CRC-32 of what it is given in `_transform`, with the crc-32 package's JavaScript.
 */
interface DeflaterInternals extends StreamState {
  checksum: number | Buffer;
  rawSize: number;
  _transform(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void;
}

/**
 * Has the sheet's deflater sum its CRC-32 with zlib's own (Node ≥ 20.15), about five times faster
 * than crc-32's JavaScript, which took a tenth of the export's main-thread time: the same sum
 * (both continue from the running value), the same sizes. The export tests read every file back
 * with openpyxl, whose zip reader checks each entry's CRC-32.
 */
function sumWithZlib(deflater: DeflaterInternals) {
  if (typeof zlib.crc32 !== 'function' || Object.hasOwn(deflater, '_transform')) return;
  // Only the class this was written against; another leaves its own sum in place.
  const own = Object.getPrototypeOf(deflater) as { constructor?: { name?: string } } | null;
  if (own?.constructor?.name !== 'DeflateCRC32Stream' || !(deflater instanceof zlib.DeflateRaw)) return;
  const deflate = Object.getPrototypeOf(own) as DeflaterInternals;
  deflater._transform = function (this: DeflaterInternals, chunk, encoding, callback) {
    // crc-32 leaves a signed number, or the 4-byte zero buffer it starts from: as unsigned.
    const sum = typeof this.checksum === 'number' ? this.checksum >>> 0 : this.checksum.readUInt32BE(0);
    this.checksum = zlib.crc32(chunk, sum);
    this.rawSize += chunk.length;
    deflate._transform.call(this, chunk, encoding, callback);
  };
}

/**
 * The bytes not yet deflated: in the entry's pass-through (both sides) and in the deflating
 * stream it pipes into (readable-stream 2 keeps one pipe as the stream, more as an array).
 */
function deflaterOf(entry: EntryInternals): DeflaterInternals | undefined {
  const pipes = entry._readableState?.pipes;
  return ((Array.isArray(pipes) ? pipes[0] : pipes) as DeflaterInternals | null | undefined) ?? undefined;
}

function bytesNotDeflated(entry: EntryInternals): number {
  const deflate = deflaterOf(entry);
  return (
    (entry._writableState?.length ?? 0) +
    (entry._readableState?.length ?? 0) +
    (deflate?._writableState?.length ?? 0)
  );
}

const MONEY_FORMAT = '$#,##0.00';
const DECIMAL_FORMAT = '0.00';
const COUNT_FORMAT = '#,##0';
const PIECES_FORMAT = '#,##0 "pcs"';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
const LINK_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF0563C1' }, underline: true };

/** The column letters of 1-based column numbers: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

// XML 1.0 cannot carry most control characters at all; the rest need escaping.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const XML_UNSAFE = /[<>&\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_SPECIAL = /[<>&]/g;
const XML_ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };
function xmlText(text: string): string {
  // Nearly every value is plain: one test instead of two replacements.
  if (!XML_UNSAFE.test(text)) return text;
  return text.replace(XML_INVALID, '').replace(XML_SPECIAL, (c) => XML_ENTITY[c]!);
}

/** A string literal inside a formula: quotes doubled. */
function formulaString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

const CELL_END = '</v></c>';
const styleAttribute = (style: number) => (style > 0 ? ` s="${style}"` : '');

/** What follows a cell's `<c` (and reference) up to its value, per kind of cell, for one style. */
interface CellText {
  attribute: string;
  number: string;
  empty: string;
  shared: string;
  text: string;
}

function cellTextOf(style: number): CellText {
  const s = styleAttribute(style);
  return {
    attribute: s,
    number: `${s}><v>`,
    empty: `${s}/>`,
    shared: `${s} t="s"><v>`,
    text: `${s} t="str"><v>`,
  };
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
export function sheetNameOf(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.slice(0, 31).trim() || 'Stones';
}

export class SpreadsheetStream {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly sheetStream: SheetStreamInternals;
  private readonly columns: readonly SheetColumn[];
  private readonly letters: string[];
  private readonly sharedStrings: WriterInternals['sharedStrings'];
  /** Style ids of the data cells, per column, and the text written into each cell for it. */
  private readonly bodyStyles: number[];
  private readonly bodyCellTexts: CellText[];
  /** The cell texts of the other rows' styles (titles, headers, totals), made once each. */
  private readonly cellTexts = new Map<number, CellText>();
  private readonly repeats: boolean[];
  private readonly styleOf: (format: CellFormat, bold: boolean) => number;
  private failure: Error | null = null;
  private readonly closed: Promise<void>;
  readonly headerRow: number;
  private nextRow: number;
  /** The buffer rows are being encoded into, and how much of it they fill. */
  private chunk: Buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  private chunkLength = 0;
  /**
   * Buffers handed to the zip, oldest first, and those it has deflated, for the next rows.
   * Dropped ones would be freed only by the collector, which runs by the JavaScript heap's
   * measure: tens of megabytes of them piled up.
   */
  private readonly handed: { buffer: Buffer; bytes: number }[] = [];
  private readonly spare: Buffer[] = [];

  constructor(
    private readonly out: Writable,
    options: SpreadsheetOptions,
  ) {
    this.columns = options.columns;
    this.letters = options.columns.map((_, i) => columnLetter(i + 1));
    this.closed = new Promise((resolve) => out.once('close', resolve));
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: true,
      // Level 1 deflates several times faster than the default for a file about 1.5× larger.
      // The deflater's output in 64 KB pieces rather than 16 KB: each piece is a callback and a
      // trip through three streams to the socket.
      zip: { zlib: { level: 1, chunkSize: DEFLATE_CHUNK_BYTES } },
    });
    this.workbook.created = options.created;
    this.workbook.modified = options.created;
    this.workbook.creator = options.creator;
    this.workbook.lastModifiedBy = options.creator;
    // exceljs does not declare its streaming writer's shared strings, styles and zip: typed here.
    const internals = this.workbook as unknown as WriterInternals;
    this.sharedStrings = internals.sharedStrings;
    internals.zip.on('error', (error: Error) => this.fail(error));
    out.on('error', (error: Error) => this.fail(error));

    this.headerRow = options.title ? 2 : 1;
    this.sheet = this.workbook.addWorksheet(sheetNameOf(options.sheetName), {
      // The header and the stock number stay in view, as in the portal's grid.
      views: [{ state: 'frozen', xSplit: 1, ySplit: this.headerRow, activeCell: `B${this.headerRow + 1}` }],
    });
    this.sheet.columns = options.columns.map((column) => ({ width: column.width }));
    if (options.title) {
      const title = this.sheet.addRow([options.title]);
      title.font = { bold: true, size: 13 };
      title.height = 20;
      title.commit();
    }
    const header = this.sheet.addRow(options.columns.map((column) => column.header));
    header.font = { bold: true };
    header.fill = HEADER_FILL;
    header.alignment = { vertical: 'middle' };
    header.border = { bottom: { style: 'thin', color: { argb: 'FF8899AA' } } };
    header.commit();
    this.nextRow = this.headerRow + 1;
    // Nor the worksheet writer's stream, which the rows are written to directly.
    this.sheetStream = (this.sheet as unknown as { stream: SheetStreamInternals }).stream;

    const style = (model: StyleModel, type: ExcelJS.ValueType) => internals.styles.addStyleModel(model, type);
    this.styleOf = (format: CellFormat, bold: boolean): number => {
      const font = bold ? { bold: true } : undefined;
      switch (format) {
        case 'money':
          return style({ numFmt: MONEY_FORMAT, ...(font && { font }) }, ExcelJS.ValueType.Number);
        case 'decimal':
          return style({ numFmt: DECIMAL_FORMAT, ...(font && { font }) }, ExcelJS.ValueType.Number);
        case 'count':
          return style({ numFmt: COUNT_FORMAT, ...(font && { font }) }, ExcelJS.ValueType.Number);
        case 'pieces':
          return style({ numFmt: PIECES_FORMAT, ...(font && { font }) }, ExcelJS.ValueType.Number);
        case 'link':
          return style({ font: { ...LINK_FONT, ...font } }, ExcelJS.ValueType.String);
        default:
          return font ? style({ font }, ExcelJS.ValueType.String) : 0;
      }
    };
    this.bodyStyles = this.columns.map((column) => this.styleOf(column.format, false));
    this.bodyCellTexts = this.bodyStyles.map(cellTextOf);
    this.repeats = this.columns.map((column) => column.repeats === true);
  }

  /** The rows written so far. */
  get rowCount() {
    return this.nextRow - this.headerRow - 1;
  }

  /** The range of a column's data cells, e.g. "G3:G1002" (for the totals' formulas). */
  dataRange(columnIndex: number): string {
    const letter = this.letters[columnIndex]!;
    return `${letter}${this.headerRow + 1}:${letter}${this.nextRow - 1}`;
  }

  /**
   * Appends a row (one value per column), encoded at once; the array may be reused for the next
   * row. Nothing reaches the zip before `written`.
   */
  addRow(cells: readonly CellValue[]): void {
    const xml = this.rowXml(this.nextRow++, cells, this.bodyStyles);
    if (this.chunkLength + xml.length * MAX_UTF8_BYTES_PER_UNIT > CHUNK_BYTES) {
      this.handOver();
      if (xml.length * MAX_UTF8_BYTES_PER_UNIT > CHUNK_BYTES) {
        this.sheetStream.write(Buffer.from(xml));
        return;
      }
    }
    this.chunkLength += this.chunk.write(xml, this.chunkLength);
  }

  /** Hands the rows added so far to the zip and waits while the zip, or the download, is behind. */
  async written(): Promise<void> {
    this.assertOpen();
    this.handOver();
    await this.caughtUp();
  }

  /**
   * The encoded rows go to the zip entry directly, after what exceljs holds (the header): through
   * exceljs's stream they were copied again into 64 KB blocks, new ones each time, which only the
   * collector freed. The next rows get a buffer the zip is done with, if any.
   */
  private handOver() {
    if (this.chunkLength === 0) return;
    const full = this.chunk;
    const rows = full.subarray(0, this.chunkLength);
    const entry = this.sheetStream.pipes?.[0];
    if (entry) {
      const deflater = deflaterOf(entry);
      if (deflater) sumWithZlib(deflater);
      this.sheetStream._flush();
      entry.write(rows);
      this.handed.push({ buffer: full, bytes: rows.length });
      this.recycle(entry);
    } else {
      // The zip has not opened the sheet yet: exceljs keeps a copy until it does.
      this.sheetStream.write(rows);
    }
    this.chunk = this.spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
    this.chunkLength = 0;
  }

  /**
   * While the rows are written only this writes to the entry, so what is not yet deflated is the
   * newest bytes handed: a buffer followed by at least that many bytes has been deflated.
   */
  private recycle(entry: EntryInternals) {
    const pending = bytesNotDeflated(entry);
    let after = 0;
    for (let i = this.handed.length - 1; i >= 0; i--) {
      if (after >= pending) {
        for (const done of this.handed.splice(0, i + 1)) this.spare.push(done.buffer);
        return;
      }
      after += this.handed[i]!.bytes;
    }
  }

  /** Ends the sheet with a line of totals (after an empty row, outside the filter) and closes the file. */
  async finish(totals: readonly TotalCell[] | null): Promise<void> {
    this.assertOpen();
    this.handOver();
    const lastDataRow = this.nextRow - 1;
    if (totals) {
      const styles = this.columns.map((column, i) => this.styleOf(totals[i]?.format ?? column.format, true));
      this.sheetStream.write(
        this.rowXml(
          this.nextRow + 1,
          totals.map((cell) => cell.value),
          styles,
        ),
      );
    }
    const lastColumn = this.letters[this.letters.length - 1]!;
    this.sheet.autoFilter = `A${this.headerRow}:${lastColumn}${Math.max(lastDataRow, this.headerRow)}`;
    this.sheet.commit();
    // A download closed early never finishes: do not wait for it.
    await Promise.race([this.workbook.commit(), this.closed]);
    if (this.failure) throw this.failure;
    if (!this.out.writableFinished)
      throw new Error('the download was closed before the spreadsheet was complete');
  }

  private cellText(style: number): CellText {
    let text = this.cellTexts.get(style);
    if (!text) {
      text = cellTextOf(style);
      this.cellTexts.set(style, text);
    }
    return text;
  }

  private rowXml(row: number, cells: readonly CellValue[], styles: readonly number[]): string {
    const body = styles === this.bodyStyles;
    let xml = `<row r="${row}">`;
    let previous = -1;
    for (let i = 0; i < cells.length; i++) {
      const value = cells[i];
      if (value === null || value === undefined || value === '') continue;
      // A cell right after the previous one needs no reference (the format allows leaving it
      // out): a fifth of the sheet's bytes, and of the time to zip them.
      const open = i === previous + 1 ? '<c' : `<c r="${this.letters[i]!}${row}"`;
      previous = i;
      // Each style's text made once: one join per cell, not five.
      const cell = body ? this.bodyCellTexts[i]! : this.cellText(styles[i]!);
      const s = cell.attribute;
      if (typeof value === 'number') {
        xml += Number.isFinite(value) ? open + cell.number + value + CELL_END : open + cell.empty;
      } else if (typeof value === 'string') {
        xml += this.repeats[i]
          ? open + cell.shared + this.sharedStrings.add(value) + CELL_END
          : // A plain string cell, as exceljs writes its own: shorter than an inline rich string.
            open + cell.text + xmlText(value) + CELL_END;
      } else if ('url' in value) {
        // A HYPERLINK formula rather than a sheet relationship per row: nothing to keep in
        // memory until the end of the file, and every spreadsheet program follows it.
        const formula = `HYPERLINK(${formulaString(value.url)},${formulaString(value.text)})`;
        xml += `${open}${s} t="str"><f>${xmlText(formula)}</f><v>${xmlText(value.text)}</v></c>`;
      } else if (typeof value.result === 'number') {
        const result = Number.isFinite(value.result) ? `<v>${value.result}</v>` : '';
        xml += `${open}${s}><f>${xmlText(value.formula)}</f>${result}</c>`;
      } else {
        xml += `${open}${s} t="str"><f>${xmlText(value.formula)}</f><v>${xmlText(value.result)}</v></c>`;
      }
    }
    return `${xml}</row>`;
  }

  /** Waits while the zip is behind, and while the download is (a slow client: the zipped bytes wait in `out`). */
  private async caughtUp(): Promise<void> {
    const entry = this.sheetStream.pipes?.[0];
    if (entry && (entry._writableState?.length ?? 0) >= HIGH_WATER) {
      await Promise.race([new Promise<void>((resolve) => entry.once('drain', resolve)), this.closed]);
      this.assertOpen();
    }
    if (this.out.writableLength >= HIGH_WATER) {
      await Promise.race([new Promise<void>((resolve) => this.out.once('drain', resolve)), this.closed]);
      this.assertOpen();
    }
  }

  private fail(error: Error) {
    this.failure ??= error;
  }

  private assertOpen() {
    if (this.failure) throw this.failure;
    if (this.out.destroyed) throw new Error('the download was closed before the spreadsheet was complete');
  }
}
