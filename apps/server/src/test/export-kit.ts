import type { BodyOf } from '@loupe/contract/route';
import { exportStones } from '@loupe/contract/stock-export';
import { expect } from 'vitest';
import { injectRoute } from './call-route.ts';
import { readSpreadsheet, type Sheet, valuesOf } from './read-spreadsheet.ts';
import { bearer, type TestApp } from './test-app.ts';

/** Helpers the export tests share: the request, the file read back, its parts found by header. */

export type ExportBody = BodyOf<typeof exportStones>;

export function postExport(t: TestApp, token: string, body: ExportBody) {
  return injectRoute(t.app, exportStones, { headers: bearer(token), rawBody: body });
}

/** The export's one sheet, read back with openpyxl. */
export async function exported(t: TestApp, token: string, body: ExportBody): Promise<Sheet> {
  const res = await postExport(t, token, body);
  if (res.statusCode !== 200) throw new Error(`export failed: ${res.statusCode} ${res.body}`);
  const sheets = await readSpreadsheet(res.rawPayload);
  expect(sheets).toHaveLength(1);
  return sheets[0]!;
}

/** The data rows: between the header and the blank line before the totals. */
export function dataRows(sheet: Sheet, headerRow = 0) {
  const rows = sheet.rows.slice(headerRow + 1);
  const blank = rows.findIndex((row) => row.every((cell) => cell === null));
  return blank < 0 ? rows : rows.slice(0, blank);
}

export function totalsRow(sheet: Sheet) {
  return sheet.rows[sheet.rows.length - 1]!;
}

export function column(sheet: Sheet, header: string, headerRow = 0) {
  const index = valuesOf(sheet.rows[headerRow]).indexOf(header);
  if (index < 0) throw new Error(`no column ${header}`);
  return index;
}

export const ALL_HEADERS = [
  'Stock No.',
  'Status',
  'Loc',
  'Lab',
  'Shape',
  'Cut',
  'Carats',
  'Color',
  'Clarity',
  'Pol',
  'Sym',
  'Fluo',
  'Disc %',
  'Pr/Ct',
  'Rap ($)',
  'Rap Value',
  'Amt ($)',
  'Shade',
  'Table %',
  'Depth%',
  'Cert No',
  'Ratio',
  'Measurements',
  'CA',
  'CH',
  'Girdle%',
  'PA',
  'PH',
  'LH',
  'SL',
  'Culet',
  'Girdle',
  'TB',
  'SB',
  'TI',
  'SI',
  'TO',
  'CO',
  'PO',
  'Milky',
  'EC',
  'RPT Com',
  'Key to Symbols',
  'Ins',
  'Luster',
  'Origin',
  'Tracr ID',
  'Lab Report',
];
export const PRICE_HEADERS = ['Disc %', 'Pr/Ct', 'Rap ($)', 'Rap Value', 'Amt ($)'];
