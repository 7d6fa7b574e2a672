import type { BodyOf } from '@loupe/contract/route';
import { exportStones } from '@loupe/contract/stock-export';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectRoute } from '../../test/call-route.ts';
import { readSpreadsheet, type Sheet, type SheetCell, valuesOf } from '../../test/read-spreadsheet.ts';
import { copiesOf, loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let buyer: { token: string };
let unverified: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  buyer = await loggedInCustomer(t);
  unverified = await loggedInCustomer(t, { kycStatus: 'pending' });
});
afterAll(() => t.close());

type ExportBody = BodyOf<typeof exportStones>;

const HOUR = 3_600_000;

function postExport(token: string, body: ExportBody) {
  return injectRoute(t.app, exportStones, { headers: bearer(token), rawBody: body });
}

async function exported(token: string, body: ExportBody): Promise<Sheet> {
  const res = await postExport(token, body);
  if (res.statusCode !== 200) throw new Error(`export failed: ${res.statusCode} ${res.body}`);
  const sheets = await readSpreadsheet(res.rawPayload);
  expect(sheets).toHaveLength(1);
  return sheets[0]!;
}

/** The data rows: between the header and the blank line before the totals. */
function dataRows(sheet: Sheet, headerRow = 0) {
  const rows = sheet.rows.slice(headerRow + 1);
  const blank = rows.findIndex((row) => row.every((cell) => cell === null));
  return blank < 0 ? rows : rows.slice(0, blank);
}

function totalsRow(sheet: Sheet) {
  return sheet.rows[sheet.rows.length - 1]!;
}

function column(sheet: Sheet, header: string, headerRow = 0) {
  const index = valuesOf(sheet.rows[headerRow]).indexOf(header);
  if (index < 0) throw new Error(`no column ${header}`);
  return index;
}

const ALL_HEADERS = [
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
const PRICE_HEADERS = ['Disc %', 'Pr/Ct', 'Rap ($)', 'Rap Value', 'Amt ($)'];

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

  it('answers 404 when none of the selected stones exists', async () => {
    const res = await postExport(buyer.token, {
      products: ['LD-GONE-1', '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('[EXPORT] the whole result of a search', () => {
  it('exports every stone the filters find, in the requested order, and nothing else', async () => {
    await stockOf(t, [
      { lot_id: 'PS-1', shape: 'PS', carats: 0.9 },
      { lot_id: 'PS-2', shape: 'PS', carats: 2.2 },
      { lot_id: 'OV-1', shape: 'OV', carats: 1.5, status: 'Memo' },
      { lot_id: 'OV-SOLD', shape: 'OV', carats: 1.7, status: 'Sold' },
      { lot_id: 'BR-1', shape: 'BR', carats: 1.1 },
    ]);
    const sheet = await exported(buyer.token, {
      previous_searchs: { shape: ['PS', 'OV'] },
      sort: [{ field: 'carats', direction: 'desc' }],
    });
    expect(dataRows(sheet).map((row) => row[0]?.value)).toEqual(['PS-2', 'OV-1', 'PS-1']);
    expect(totalsRow(sheet)[1]?.value).toBe(3);

    const everything = await exported(buyer.token, {});
    expect(dataRows(everything).map((row) => row[0]?.value)).toEqual(['BR-1', 'PS-1', 'PS-2', 'OV-1']);
  });

  it('still makes a valid file when the search finds nothing', async () => {
    await stockOf(t, [{ lot_id: 'BR-ONLY', shape: 'BR' }]);
    const sheet = await exported(buyer.token, { previous_searchs: { shape: ['HS'] } });
    expect(valuesOf(sheet.rows[0])).toEqual(ALL_HEADERS);
    expect(dataRows(sheet)).toEqual([]);
    expect(totalsRow(sheet)[1]?.value).toBe(0);
  });

  it('exports the new arrivals to approved customers only, and refuses the others before any byte', async () => {
    const now = t.clock.now().getTime();
    await stockOf(t, [
      { lot_id: 'NEW-1', certified_at: new Date(now - 2 * HOUR) },
      { lot_id: 'NEW-2', certified_at: new Date(now - 20 * HOUR) },
      { lot_id: 'OLD-1', certified_at: new Date(now - 30 * HOUR) },
    ]);
    const sheet = await exported(buyer.token, { new_arrivals: true });
    expect(sheet.name).toBe('New Arrivals');
    expect(
      dataRows(sheet)
        .map((row) => row[0]?.value)
        .sort(),
    ).toEqual(['NEW-1', 'NEW-2']);

    for (const body of [{ new_arrivals: true }, { new_arrivals: true, products: ['NEW-1'] }]) {
      const refused = await postExport(unverified.token, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(json(refused)).toMatchObject({ code: 'KYC_REQUIRED' });
    }
  });

  it('refuses price filters and sorts to a customer who may not see prices', async () => {
    await stockOf(t, [{ lot_id: 'BR-A' }]);
    const res = await postExport(unverified.token, {
      previous_searchs: { discount: { gte: -40, lte: -20 } },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: 'KYC_REQUIRED' });
  });

  it('refuses more than 100,000 stones with a clear 400 before streaming', async () => {
    await stockOf(t, [{ lot_id: 'CAP-TEMPLATE' }]);
    // 100,001 stones: the template and 100,000 copies of it.
    await copiesOf(t, 'CAP-TEMPLATE', 100_000, 'CAP-');
    const res = await postExport(buyer.token, {});
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'EXPORT_TOO_LARGE',
      message:
        'This search finds 100,001 stones; one spreadsheet holds at most 100,000. Please narrow the search.',
      details: { count: 100_001, max: 100_000 },
    });

    const tooMany = await postExport(buyer.token, {
      products: Array.from({ length: 100_001 }, (_, i) => `CAP-${i + 1}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany)).toMatchObject({ code: 'VALIDATION_FAILED' });
  }, 60_000);
});

describe('[EXPORT] bad requests', () => {
  it.each([
    ['a file name that is not .xlsx', { file_name: 'stones.csv' }],
    ['a file name with a path', { file_name: '../stones.xlsx' }],
    ['products that are not a list', { products: 'LDA1001' }],
    ['an empty stone id', { products: [''] }],
    ['an invalid carat range', { previous_searchs: { carats: ['two-three'] } }],
    ['an unknown sort field', { sort: [{ field: 'sparkle', direction: 'asc' }] }],
  ])('answers 400 for %s', async (_, body) => {
    const res = await postExport(buyer.token, body as ExportBody);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('needs a logged-in customer', async () => {
    const res = await injectRoute(t.app, exportStones, { rawBody: {} });
    expect(res.statusCode).toBe(401);
  });
});
