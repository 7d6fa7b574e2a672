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

export interface CsvFile {
  header: string[];
  records: CsvRecord[];
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

export function parseStockCsv(input: string): CsvFile {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = separatorOf(text);
  const rows: CsvRecord[] = [];
  let values: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;

  const endField = () => {
    values.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A line with nothing on it is not a record.
    if (!(values.length === 1 && values[0] === '')) rows.push({ line: recordLine, values });
    values = [];
  };

  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && !fieldStarted) {
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
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += ch;
    // Spaces before an opening quote do not make the field unquoted.
    if (ch !== ' ') fieldStarted = true;
    i++;
  }
  if (quoted) throw new CsvError(`A quoted value that starts on line ${recordLine} is never closed.`);
  if (field !== '' || values.length > 0) endRecord();

  const [header, ...records] = rows;
  if (!header) throw new CsvError('The file is empty.');
  return { header: header.values.map((name) => name.trim()), records };
}
