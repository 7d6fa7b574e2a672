import { exportStones } from '@loupe/contract/stock-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { injectRoute } from '../../test/call-route.ts';
import { readSpreadsheet, type Sheet, valuesOf } from '../../test/read-spreadsheet.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { closeNewArrivalRoundNow } from './close-round.ts';
import { placeNewArrivalBid } from './new-arrivals.ts';

/** Download Excel from a bidding tab (domain-facts §2.3): the tab's bid columns follow the stone's. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(Date.UTC(2026, 10, 25, 9) - t.clock.now().getTime());
}, 120_000);
afterAll(() => t.close());

async function exported(token: string, body: Record<string, unknown>): Promise<Sheet> {
  const res = await injectRoute(t.app, exportStones, { headers: bearer(token), rawBody: body });
  if (res.statusCode !== 200) throw new Error(`export failed: ${res.statusCode} ${res.body}`);
  return (await readSpreadsheet(res.rawPayload))[0]!;
}

/** Each stone's cells under the given headers, by stock number. */
function cellsOf(sheet: Sheet, headers: string[]) {
  const head = valuesOf(sheet.rows[0]);
  const at = (name: string) => head.indexOf(name);
  const out: Record<string, unknown[]> = {};
  for (const row of sheet.rows.slice(1)) {
    const values = valuesOf(row);
    const lot = values[at('Stock No.')];
    if (typeof lot === 'string' && lot.startsWith('BX')) out[lot] = headers.map((h) => values[at(h)]);
  }
  return out;
}

describe('[BIDDING] bid columns in the Excel export', () => {
  it('adds my bid, the highest bid and the date in the round, and won or lost in history', async () => {
    const hourAgo = new Date(t.clock.now().getTime() - 3_600_000);
    const [one, two] = await createStones(t.deps.db, [
      { lot_id: 'BX1', certified_at: hourAgo, discount: -30 },
      { lot_id: 'BX2', certified_at: hourAgo, discount: -20 },
    ]);
    const [a, b] = [await loggedInCustomer(t), await loggedInCustomer(t)];
    const deps = { db: t.deps.db, clock: t.clock, closeAt: '13:00' };
    await placeNewArrivalBid(deps, a.id, { product_id: one!.id, bid_value: -25 });
    await placeNewArrivalBid(deps, b.id, { product_id: one!.id, bid_value: -24 });
    await placeNewArrivalBid(deps, a.id, { product_id: two!.id, bid_value: -19 });

    const open = await exported(a.token, { products: [one!.id, two!.id], from_new_arrival_bid: true });
    const today = '25/11/26';
    expect(valuesOf(open.rows[0])).not.toContain('Result');
    expect(cellsOf(open, ['My Bid %', 'Curr Max. Bid%', 'Date'])).toEqual({
      BX1: [-25, -24, today],
      BX2: [-19, -19, today],
    });
    // The other bidder's file shows their own bid, the same highest bid.
    expect(
      cellsOf(await exported(b.token, { products: [one!.id], from_new_arrival_bid: true }), [
        'My Bid %',
        'Curr Max. Bid%',
      ]),
    ).toEqual({
      BX1: [-24, -24],
    });

    t.clock.advance(1000);
    await closeNewArrivalRoundNow(t.deps.db, t.clock, '13:00');
    const history = await exported(a.token, {
      products: [one!.id, two!.id],
      from_new_arrival_bid_history: true,
    });
    expect(cellsOf(history, ['Result', 'My Bid %', 'Curr Max. Bid%', 'Date'])).toEqual({
      BX1: ['Lost', -25, -24, today],
      BX2: ['Won', -19, -19, today],
    });
  });

  it('refuses an export from two bidding tabs at once with a clear 400', async () => {
    const c = await loggedInCustomer(t);
    const res = await injectRoute(t.app, exportStones, {
      headers: bearer(c.token),
      rawBody: { products: ['BX1'], from_new_arrival_bid: true, from_bid_to_buy: true },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).code).toBe('VALIDATION_FAILED');
  });
});
