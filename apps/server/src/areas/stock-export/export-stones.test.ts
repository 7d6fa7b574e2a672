import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_HEADERS,
  column,
  dataRows,
  type ExportBody,
  exported as exportedBy,
  PRICE_HEADERS,
  postExport as postExportBy,
  totalsRow,
} from '../../test/export-kit.ts';
import { type SheetCell, valuesOf } from '../../test/read-spreadsheet.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';

/** The export of selected stones: the file, every column's value and format, the totals line. */

let t: TestApp;
let buyer: { token: string };
let unverified: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  buyer = await loggedInCustomer(t);
  unverified = await loggedInCustomer(t, { kycStatus: 'pending' });
});
afterAll(() => t.close());

const postExport = (token: string, body: ExportBody) => postExportBy(t, token, body);
const exported = (token: string, body: ExportBody) => exportedBy(t, token, body);

/** A round GIA stone, a fancy yellow oval from IGI with a Tracr id, an HRD emerald. */
const ROUND = {
  lot_id: 'LDA1001',
  certificate_number: '2141438171',
  carats: 1.01,
  rap: 9800,
  discount: -28.5,
  length: 6.47,
  width: 6.5,
  depth: 4,
};
const FANCY = {
  lot_id: 'LDB2002',
  shape: 'OV',
  lab: 'IGI',
  certificate_number: 'LG5566',
  carats: 2.03,
  color: null,
  fancy_color: 'Yellow',
  fancy_intensity: 'Fancy Intense',
  fancy_overtone: 'None',
  location: 'USA',
  rap: 5000,
  discount: -10,
  ratio: 1.38,
  girdle_thin: 'MED',
  girdle_thick: 'MED',
  key_to_symbols: [],
  report_comments: null,
  inscription: null,
  tracr_id: 'TRACR-0091-7731',
  length: 9.1,
  width: 6.6,
  depth: 4.05,
};
const EMERALD = {
  lot_id: 'LDC3003',
  shape: 'EM',
  lab: 'HRD',
  certificate_number: '2199001122',
  carats: 1.52,
  color: 'E',
  clarity: 'VVS2',
  rap: 12_000,
  discount: -31.25,
  length: null,
  status: 'Hold' as const,
};

describe('[EXPORT] selected stones', () => {
  let ids: Record<string, string>;
  beforeEach(async () => {
    const rows = await stockOf(t, [ROUND, FANCY, EMERALD, { lot_id: 'LDD4004' }]);
    ids = Object.fromEntries(rows.map((row) => [row.lotId, row.id]));
  });

  it('streams an .xlsx attachment named new_arrivals.xlsx unless the request names it', async () => {
    const res = await postExport(buyer.token, { products: [ids.LDA1001!] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="new_arrivals\.xlsx"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const named = await postExport(buyer.token, { products: ['LDA1001'], file_name: 'Shah stones.xlsx' });
    expect(named.headers['content-disposition']).toMatch(/^attachment; filename="Shah stones\.xlsx"/);
  });

  it('writes every column of each selected stone, in the order given, with the trade formats', async () => {
    // Ids, stock numbers in any case and a stock number with its location all name stones.
    const sheet = await exported(buyer.token, {
      products: [ids.LDC3003!, 'lda1001', 'LDB2002-USA', ids.LDA1001!, 'LD-NOT-THERE'],
    });
    expect(sheet.name).toBe('Stones');
    expect(valuesOf(sheet.rows[0])).toEqual(ALL_HEADERS);
    expect(sheet.rows[0]!.every((cell) => cell?.bold)).toBe(true);
    expect(sheet.freeze).toBe('B2');
    expect(sheet.filter).toBe('A1:AV4');
    // Wide enough for the header and its filter button; the comments get room to be read.
    expect(sheet.widths.A).toBeGreaterThanOrEqual(12);
    expect(sheet.widths.AP).toBeGreaterThanOrEqual(30);

    const rows = dataRows(sheet);
    expect(rows.map((row) => row[0]?.value)).toEqual(['LDC3003', 'LDA1001', 'LDB2002']);
    const [emerald, round, fancy] = rows.map(valuesOf);

    expect(round).toEqual([
      'LDA1001',
      'Available',
      'IND',
      'GIA',
      'Round',
      'EX',
      1.01,
      'G',
      'VS1',
      'EX',
      'EX',
      'NON',
      -28.5,
      7007,
      9800,
      9898,
      7077.07,
      'None',
      57,
      61.8,
      '2141438171',
      1,
      '6.47*6.50*4.00',
      34.5,
      15,
      3.5,
      40.8,
      43,
      77,
      50,
      'None',
      'THN-MED',
      'B0',
      'SB0',
      'T0',
      'S1',
      'N',
      'N',
      'N',
      'M0',
      'Y',
      'Clouds are not shown.',
      'Crystal, Needle',
      'GIA 2141438171',
      'EX',
      'Botswana',
      null,
      'GIA 2141438171',
    ]);
    const at = (header: string) => column(sheet, header);
    expect(fancy![at('Color')]).toBe('Fancy Intense Yellow');
    expect(fancy![at('Lab')]).toBe('IGI');
    expect(fancy![at('Loc')]).toBe('USA');
    expect(fancy![at('Girdle')]).toBe('MED');
    expect(fancy![at('Measurements')]).toBe('9.10*6.60*4.05');
    expect(fancy![at('Tracr ID')]).toBe('TRACR-0091-7731');
    // Absent values are empty cells, not "-" or 0.
    for (const header of ['Key to Symbols', 'RPT Com', 'Ins']) expect(fancy![at(header)]).toBeNull();
    expect(emerald![at('Status')]).toBe('Hold');
    expect(emerald![at('Measurements')]).toBeNull();

    const formats = (row: (SheetCell | null)[], header: string) => row[at(header)]?.format;
    const roundCells = rows[1]!;
    for (const header of ['Carats', 'Disc %', 'Table %', 'Depth%', 'Ratio', 'CA', 'PA', 'Girdle%']) {
      expect(formats(roundCells, header), header).toBe('0.00');
    }
    for (const header of ['Pr/Ct', 'Rap ($)', 'Rap Value', 'Amt ($)']) {
      expect(formats(roundCells, header), header).toBe('$#,##0.00');
    }
    expect(typeof roundCells[at('Cert No')]?.value).toBe('string');

    // The last column opens the lab's own report check.
    expect(rows.map((row) => row[at('Lab Report')]?.formula)).toEqual([
      '=HYPERLINK("https://my.hrdantwerp.com/?id=34&record_number=2199001122","HRD 2199001122")',
      '=HYPERLINK("https://www.gia.edu/report-check?reportno=2141438171","GIA 2141438171")',
      '=HYPERLINK("https://www.igi.org/verify-your-report/?r=LG5566","IGI LG5566")',
    ]);
  });

  it('ends with a totals line: pieces, carats, average discount, average $/ct and amounts', async () => {
    const sheet = await exported(buyer.token, { products: [ids.LDA1001!, ids.LDB2002!, ids.LDC3003!] });
    const at = (header: string) => column(sheet, header);
    const rows = dataRows(sheet).map(valuesOf);
    const sum = (header: string) => rows.reduce((total, row) => total + (row[at(header)] as number), 0);
    const totals = totalsRow(sheet);
    // One blank line between the stones and their totals, which stay outside the filter.
    expect(sheet.rows).toHaveLength(1 + 3 + 1 + 1);
    expect(totals.filter(Boolean).every((cell) => cell!.bold)).toBe(true);

    expect(totals[0]?.value).toBe('Total');
    expect(totals[at('Status')]).toMatchObject({
      value: 3,
      format: '#,##0 "pcs"',
      formula: '=SUBTOTAL(103,A2:A4)',
    });
    expect(totals[at('Carats')]?.value).toBeCloseTo(1.01 + 2.03 + 1.52, 6);
    expect(totals[at('Carats')]?.formula).toBe('=SUBTOTAL(109,G2:G4)');
    expect(totals[at('Amt ($)')]?.value).toBeCloseTo(sum('Amt ($)'), 6);
    expect(totals[at('Rap Value')]?.value).toBeCloseTo(sum('Rap Value'), 6);
    expect(totals[at('Disc %')]?.value).toBeCloseTo((sum('Amt ($)') / sum('Rap Value') - 1) * 100, 6);
    expect(totals[at('Disc %')]?.format).toBe('0.00');
    expect(totals[at('Pr/Ct')]?.value).toBeCloseTo(sum('Amt ($)') / sum('Carats'), 6);
    expect(totals[at('Pr/Ct')]?.format).toBe('$#,##0.00');
  });

  it('leaves the price and discount columns out entirely for a customer without approved KYC', async () => {
    const sheet = await exported(unverified.token, { products: [ids.LDA1001!, ids.LDB2002!] });
    expect(valuesOf(sheet.rows[0])).toEqual(ALL_HEADERS.filter((header) => !PRICE_HEADERS.includes(header)));
    const prices = [7007, 9800, 9898, 7077.07, -28.5, -10, 4500, 5000];
    const numbers = sheet.rows
      .flat()
      .flatMap((cell) => (typeof cell?.value === 'number' ? [cell.value] : []));
    for (const price of prices) expect(numbers).not.toContain(price);
    const totals = valuesOf(totalsRow(sheet)).filter((value) => value !== null);
    expect(totals).toHaveLength(3);
    expect(totals.slice(0, 2)).toEqual(['Total', 2]);
    expect(totals[2]).toBeCloseTo(3.04, 6);
  });

  it('keeps text as typed, numbers as numbers and empty values empty, whatever the characters', async () => {
    await stockOf(t, [
      {
        lot_id: 'LD<&>"1"',
        inscription: "Ünïcode © 中 💎 <b>&amp;</b> 'q'",
        report_comments: 'Feather & cloud <minor>, "twinning"',
        discount: 0,
        rap: 1000,
        carats: 0.5,
        tracr_id: null,
        key_to_symbols: [],
      },
      // A control character cannot be written in a spreadsheet's XML: the rest of the text is kept.
      { lot_id: 'LDE5005', inscription: 'bell\u0007 here', report_comments: null, discount: -12.25 },
    ]);
    const sheet = await exported(buyer.token, { products: ['LD<&>"1"', 'LDE5005'] });
    const at = (header: string) => column(sheet, header);
    const [odd, plain] = dataRows(sheet);
    expect(odd![at('Stock No.')]?.value).toBe('LD<&>"1"');
    expect(odd![at('Ins')]?.value).toBe("Ünïcode © 中 💎 <b>&amp;</b> 'q'");
    expect(odd![at('RPT Com')]?.value).toBe('Feather & cloud <minor>, "twinning"');
    expect(odd![at('Disc %')]).toMatchObject({ value: 0, format: '0.00' });
    expect(odd![at('Rap ($)')]).toMatchObject({ value: 1000, format: '$#,##0.00' });
    expect(odd![at('Amt ($)')]).toMatchObject({ value: 500, format: '$#,##0.00' });
    expect(odd![at('Key to Symbols')]).toBeNull();
    expect(odd![at('Tracr ID')]).toBeNull();
    expect(plain![at('Ins')]?.value).toBe('bell here');
    expect(plain![at('RPT Com')]).toBeNull();
    expect(plain![at('Disc %')]?.value).toBe(-12.25);
  });

  it('answers 404 when none of the selected stones exists', async () => {
    const res = await postExport(buyer.token, {
      products: ['LD-GONE-1', '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
