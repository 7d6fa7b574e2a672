import { exportStones } from '@loupe/contract/stock-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectRoute } from '../../test/call-route.ts';
import {
  ALL_HEADERS,
  dataRows,
  type ExportBody,
  exported as exportedBy,
  postExport as postExportBy,
  totalsRow,
} from '../../test/export-kit.ts';
import { valuesOf } from '../../test/read-spreadsheet.ts';
import { copiesOf, loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';

/** The export of a whole search (filters, sort, new arrivals, the cap), and requests it refuses. */

let t: TestApp;
let buyer: { token: string };
let unverified: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  buyer = await loggedInCustomer(t);
  unverified = await loggedInCustomer(t, { kycStatus: 'pending' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const postExport = (token: string, body: ExportBody) => postExportBy(t, token, body);
const exported = (token: string, body: ExportBody) => exportedBy(t, token, body);

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
