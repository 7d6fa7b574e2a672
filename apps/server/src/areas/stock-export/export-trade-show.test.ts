import type { BodyOf } from '@loupe/contract/route';
import { exportTradeShowStones } from '@loupe/contract/stock-export';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admin } from '../../test/admin.ts';
import { injectRoute } from '../../test/call-route.ts';
import { readSpreadsheet, valuesOf } from '../../test/read-spreadsheet.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { cancelTradeShow, createTradeShow, currentTradeShow } from '../trade-shows/index.ts';

let t: TestApp;
let buyer: Awaited<ReturnType<typeof loggedInCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await loggedInCustomer(t);
});
afterAll(() => t.close());

function postTradeShowExport(token: string, body: BodyOf<typeof exportTradeShowStones>) {
  return injectRoute(t.app, exportTradeShowStones, { headers: bearer(token), rawBody: body });
}

async function endShow() {
  const now = t.clock.now();
  for (
    let show = await currentTradeShow(t.deps.db, now);
    show;
    show = await currentTradeShow(t.deps.db, now)
  ) {
    await cancelTradeShow(t.deps.db, show.id);
  }
}

/** The one show running now (any other called off). */
async function startShow(show: { name: string; flag_image: string | null; location?: string }) {
  await endShow();
  const now = t.clock.now().getTime();
  await createTradeShow(t.deps.db, t.clock, {
    name: show.name,
    city: 'Somewhere',
    startsAt: new Date(now - 3_600_000),
    endsAt: new Date(now + 86_400_000),
    flagImage: show.flag_image,
    location: show.location,
  });
}

beforeEach(async () => {
  await stockOf(t, [
    { lot_id: 'BEL-AV-1', location: 'BEL', carats: 1.2 },
    { lot_id: 'BEL-AV-2', location: 'BEL', carats: 0.7, shape: 'PS' },
    { lot_id: 'BEL-HOLD', location: 'BEL', status: 'Hold' },
    { lot_id: 'USA-AV', location: 'USA' },
    { lot_id: 'USA-BD-AV', location: 'USA-BD' },
    { lot_id: 'IND-AV', location: 'IND' },
  ]);
});

describe('[EXPORT] trade show', () => {
  it('answers 409 NO_TRADE_SHOW, as JSON, while no trade show runs', async () => {
    await endShow();
    const res = await postTradeShowExport(buyer.token, {});
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(json(res)).toMatchObject({
      code: 'NO_TRADE_SHOW',
      message: 'No trade show is running at the moment.',
    });
  });

  it('refuses an order_id (an order is exported by export-excel), naming it', async () => {
    await startShow({ name: 'Antwerp Diamond Days', flag_image: null, location: 'BEL' });
    const res = await injectRoute(t.app, exportTradeShowStones, {
      headers: bearer(buyer.token),
      rawBody: { order_id: '0b7c6f0e-8d4a-4d7e-9c1a-2f3b4c5d6e7f' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_FAILED');
    expect(res.body).toContain('order_id');
  });

  it("exports the Available stones at the show's location under the show's name", async () => {
    await startShow({ name: 'Antwerp Diamond Days', flag_image: null, location: 'BEL' });
    const res = await postTradeShowExport(buyer.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="new_arrivals\.xlsx"/);
    const [sheet] = await readSpreadsheet(res.rawPayload);
    expect(sheet!.name).toBe('Antwerp Diamond Days');
    expect(sheet!.rows[0]![0]).toMatchObject({
      value: 'Antwerp Diamond Days: stones on show from Belgium',
      bold: true,
    });
    expect(valuesOf(sheet!.rows[1]).slice(0, 3)).toEqual(['Stock No.', 'Status', 'Loc']);
    expect(sheet!.freeze).toBe('B3');
    expect(sheet!.filter).toBe('A2:AV4');
    // Default order: shape, then carats (the pear after the round).
    expect([sheet!.rows[2]![0]?.value, sheet!.rows[3]![0]?.value]).toEqual(['BEL-AV-1', 'BEL-AV-2']);
    expect(sheet!.rows[sheet!.rows.length - 1]![1]?.value).toBe(2);
  });

  it('holds the show in the USA unless the setting says otherwise, the vault included', async () => {
    // A show made without a location shows the stones in the USA (the `usa_event` stones).
    await startShow({ name: 'JCK Las Vegas', flag_image: '/images/flags/us.svg' });
    const res = await postTradeShowExport(buyer.token, { previous_searchs: { shape: ['BR'] } });
    const [sheet] = await readSpreadsheet(res.rawPayload);
    const lots = sheet!.rows
      .slice(2, -2)
      .map((row) => row[0]?.value)
      .sort();
    expect(lots).toEqual(['USA-AV', 'USA-BD-AV']);
  });

  it('exports a selection from the show, and withholds prices without approved KYC', async () => {
    await startShow({ name: 'Antwerp Diamond Days', flag_image: null, location: 'BEL' });
    const pending = await loggedInCustomer(t, { kycStatus: 'inprogress' });
    const res = await postTradeShowExport(pending.token, {
      products: ['BEL-AV-2'],
      file_name: 'antwerp.xlsx',
    });
    expect(res.headers['content-disposition']).toMatch(/filename="antwerp\.xlsx"/);
    const [sheet] = await readSpreadsheet(res.rawPayload);
    expect(valuesOf(sheet!.rows[1])).not.toContain('Amt ($)');
    expect(valuesOf(sheet!.rows[1])).not.toContain('Disc %');
    expect(sheet!.rows[2]![0]?.value).toBe('BEL-AV-2');
  });

  it('answers 409 to a customer the sales team hid the trade shows from', async () => {
    await startShow({ name: 'Antwerp Diamond Days', flag_image: null, location: 'BEL' });
    expect(await admin(t, 'trade-show', 'off', buyer.email)).toContain('off');
    expect((await postTradeShowExport(buyer.token, {})).statusCode).toBe(409);
    expect(await admin(t, 'trade-show', 'on', buyer.email)).toContain('on');
    expect((await postTradeShowExport(buyer.token, {})).statusCode).toBe(200);
  });
});
