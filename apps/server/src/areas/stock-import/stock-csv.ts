import { givingWay } from '../../platform/give-way.ts';

/**
 * Reads the text of a supplier's stock file (RFC 4180 CSV as spreadsheets write it): quoted
 * fields with doubled quotes and line breaks inside, CRLF or LF, UTF-8 with or without a
 * byte-order mark. Files saved by a European spreadsheet often use semicolons or tabs; the
 * separator is taken from the header line.
 */

export interface CsvRecord {
  /** The file's line number where the record starts (the header is line 1). */
  line: number;
  values: string[];
}

/** What takes the file's records as they are read: the header first, then each record. */
export interface CsvReader {
  header(names: string[]): void;
  record(record: CsvRecord): void;
}

export class CsvError extends Error {}

/** The file's bytes as text: UTF-8 only, so a file saved in another encoding is refused, not garbled. */
export function decodeStockFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvError('The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.');
  }
}

function separatorOf(text: string): string {
  const end = text.search(/\r?\n/);
  const headerLine = end < 0 ? text : text.slice(0, end);
  const count = (ch: string) => headerLine.split(ch).length - 1;
  const candidates = [',', ';', '\t'].map((ch) => [ch, count(ch)] as const);
  const [best] = [...candidates].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;

/**
 * Reads the file, handing `reader` the header (its names trimmed) and then each record as it ends,
 * none kept: a record taken at once dies young, where 54,000 records kept until the last was read
 * survived the young generation's collections, each a pause of 10-20 ms (decision 078).
 * Asynchronous only to give way: after every 5 ms of reading and of `reader`'s work it lets the
 * event loop answer what waits (searches while an upload is read: decisions 052 and 053). Runs of
 * plain characters are taken as slices of the text, not a character at a time. A file that is not
 * CSV throws CsvError once read to its end, whatever `reader` was handed before.
 */
export async function readStockCsv(input: string, reader: CsvReader, shortTurns = false): Promise<void> {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = separatorOf(text).charCodeAt(0);
  let headerRead = false;
  let values: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  const giveWay = givingWay(shortTurns);

  const endField = () => {
    values.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A line with nothing on it is not a record.
    if (!(values.length === 1 && values[0] === '')) {
      if (headerRead) reader.record({ line: recordLine, values });
      else {
        headerRead = true;
        reader.header(values.map((name) => name.trim()));
      }
    }
    values = [];
  };

  while (i < n) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      const close = text.indexOf('"', i);
      const run = text.slice(i, close < 0 ? n : close);
      for (let at = run.indexOf('\n'); at >= 0; at = run.indexOf('\n', at + 1)) line++;
      field += run;
      if (close < 0) {
        i = n;
        break;
      }
      if (text.charCodeAt(close + 1) === QUOTE) {
        field += '"';
        i = close + 2;
        continue;
      }
      quoted = false;
      i = close + 1;
      continue;
    }
    if (ch === QUOTE && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (ch === separator) {
      endField();
      i++;
      continue;
    }
    if (ch === CR || ch === LF) {
      endRecord();
      i += ch === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      recordLine = line;
      const pause = giveWay();
      if (pause) await pause;
      continue;
    }
    // A run of plain characters (a quote inside a started field is one of them).
    let end = i + 1;
    for (; end < n; end++) {
      const next = text.charCodeAt(end);
      if (next === separator || next === CR || next === LF || next === QUOTE) break;
    }
    if (!fieldStarted) {
      // Spaces before an opening quote do not make the field unquoted.
      for (let at = i; at < end; at++) {
        if (text.charCodeAt(at) !== SPACE) {
          fieldStarted = true;
          break;
        }
      }
    }
    field += text.slice(i, end);
    i = end;
  }
  if (quoted) throw new CsvError(`A quoted value that starts on line ${recordLine} is never closed.`);
  if (field !== '' || values.length > 0) endRecord();

  if (!headerRead) throw new CsvError('The file is empty.');
}
