import { addDemand, listStones } from '@loupe/contract/search';
import { findStonesByLot, getTraceability } from '@loupe/contract/stone-detail';
import type { Stone } from '@loupe/contract/stones';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKam } from '../../app/seed/factories.ts';
import { stoneDemands } from '../../platform/db/schema/index.ts';
import { injectRoute } from '../../test/call-route.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, latestMessage, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let token: string;
let traced: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  token = (await loggedInCustomer(t)).token;
  const rows = await stockOf(t, [
    { lot_id: 'LD3001', location: 'IND' },
    { lot_id: 'LD3002', location: 'IND', pair_lot_id: 'LD3003' },
    { lot_id: 'LD3003', location: 'IND', pair_lot_id: 'LD3002' },
    { lot_id: 'LD3004', location: 'USA-BD' },
    { lot_id: 'LD3005', location: 'USA' },
    { lot_id: 'LD3006', location: 'BEL', status: 'Sold' },
    { lot_id: 'AB-IND', location: 'BEL' },
    {
      lot_id: 'LD3100',
      gemtrac: true,
      carats: 1.52,
      shape: 'OV',
      color: 'F',
      clarity: 'VVS2',
      origin_country: 'Canada',
      lab: 'GIA',
      certificate_number: '7481236650',
      certified_at: new Date('2026-03-02T09:00:00Z'),
    },
  ]);
  traced = rows.find((r) => r.lotId === 'LD3100')!;
});
afterAll(() => t.close());

async function byLot(stones: string[], query = '') {
  const res = await injectRoute(t.app, findStonesByLot, {
    search: query,
    headers: bearer(token),
    rawBody: { stones },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ stones: Stone[] }>(res).stones.map((s) => s.lot_id);
}

describe('[STOCK] stones by lot id (v3)', () => {
  it('finds stock numbers as written, with or without their location, in the order asked', async () => {
    expect(await byLot(['LD3005', 'ld3001-ind', 'LD3004-USA-BD'])).toEqual(['LD3005', 'LD3001', 'LD3004']);
  });
  it('reads a matching pair written as one comma-separated entry', async () => {
    expect(await byLot(['LD3002-IND,LD3003-IND'])).toEqual(['LD3002', 'LD3003']);
  });
  it('leaves out unknown ids, ids whose stone is elsewhere, and repeats', async () => {
    expect(await byLot(['LD9999', 'LD3001-BEL', 'LD3002', 'LD3002-IND'])).toEqual(['LD3002']);
  });
  it('counts a USA-BD stone as at a USA location', async () => {
    expect(await byLot(['LD3004-USA', 'LD3004'])).toEqual(['LD3004']);
    expect(await byLot(['LD3004', 'LD3005', 'LD3001'], '?usa_event=true')).toEqual(['LD3004', 'LD3005']);
  });
  it('applies ?location to ids without their own', async () => {
    expect(await byLot(['LD3001', 'LD3005', 'LD3006-BEL'], '?location=IND')).toEqual(['LD3001', 'LD3006']);
  });
  it('takes a stock number that ends like a location as written first', async () => {
    expect(await byLot(['AB-IND'])).toEqual(['AB-IND']);
  });
  it('refuses a location that does not exist', async () => {
    const res = await injectRoute(t.app, findStonesByLot, {
      query: { location: 'MARS' },
      headers: bearer(token),
      rawBody: { stones: ['LD3001'] },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'location' }] });
    const none = await injectRoute(t.app, findStonesByLot, {
      headers: bearer(token),
      rawBody: { stones: [] },
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('[STOCK] the stock list', () => {
  it('pages through the searchable stock in the default order', async () => {
    const page = (query: string) => injectRoute(t.app, listStones, { search: query, headers: bearer(token) });
    const first = json<{ count: number; limit: number; offset: number; stones: Stone[] }>(
      await page('?limit=3'),
    );
    expect(first).toMatchObject({ count: 7, limit: 3, offset: 0 });
    expect(first.stones.map((s) => s.lot_id)).toEqual(['AB-IND', 'LD3001', 'LD3002']);
    const last = json<{ stones: Stone[] }>(await page('?limit=3&offset=6'));
    expect(last.stones.map((s) => s.lot_id)).toEqual(['LD3100']);
    expect(json<{ limit: number }>(await page('')).limit).toBe(20);
    expect((await page('?limit=0')).statusCode).toBe(400);
    expect((await page('?limit=ten')).statusCode).toBe(400);
    const anonymous = await injectRoute(t.app, listStones, {});
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('[STOCK] traceability', () => {
  type Journey = {
    summary: Record<string, unknown>;
    stages: {
      stage: string;
      title: string;
      description: string;
      person: string | null;
      metrics: { label: string; value: string }[];
    }[];
  };
  const trace = (key: string) =>
    injectRoute(t.app, getTraceability, { query: { key: key }, headers: bearer(token) });

  it("tells a GemTrac stone's journey in six stages, from its lot id or its id alike", async () => {
    const res = await trace('ld3100');
    expect(res.statusCode).toBe(200);
    const journey = json<Journey>(res);
    expect(journey.summary).toEqual({
      lot_id: 'LD3100',
      certificate_number: '7481236650',
      shape: 'Oval',
      carats: 1.52,
      color: 'F',
      clarity: 'VVS2',
      cut: 'EX',
    });
    expect(journey.stages.map((s) => s.title)).toEqual([
      'Origin',
      'Architected by',
      'Laser Cut by',
      'Crafted by',
      'Groomed by',
      'Certified by',
    ]);
    const [origin, architected, , , , certified] = journey.stages;
    expect(origin!.description).toMatch(
      /(Diavik|Ekati) sub-Arctic kimberlite mine in Northwest Territories, Canada/,
    );
    const rough = Number(origin!.metrics.find((m) => m.label === 'Rough weight')!.value.replace(' ct', ''));
    expect(rough).toBeGreaterThan(1.52 / 0.55);
    expect(rough).toBeLessThan(1.52 / 0.45);
    expect(architected!.person).toEqual(expect.any(String));
    expect(certified!.description).toContain(
      'Gemological Institute of America (GIA) under report 7481236650',
    );
    expect(certified!.metrics).toContainEqual({ label: 'Report No', value: '7481236650' });

    // The same stone always tells the same story.
    expect(json(await trace(traced.id))).toEqual(journey);
  });

  it('has no journey for stones without GemTrac, or unknown stones', async () => {
    for (const key of ['LD3001', 'LD0000', '00000000-0000-4000-8000-000000000000']) {
      const res = await trace(key);
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
    }
    expect((await trace('')).statusCode).toBe(400);
  });
});

describe('[STOCK] add demand', () => {
  const demand = (payload: object, as = token) =>
    injectRoute(t.app, addDemand, { headers: bearer(as), rawBody: payload });

  it("keeps the demand and emails the customer's KAM what they look for", async () => {
    const kam = await createKam(t.deps.db, { name: 'Ananya Iyer', email: 'ananya.demand@loupe.test' });
    const buyer = await loggedInCustomer(t, {
      kamId: kam.id,
      firstName: 'Riya',
      lastName: 'Shah',
      companyName: 'Shah Fine Jewels',
    });
    const res = await demand(
      {
        filters: {
          shape: ['BR', 'OTHER'],
          carats: ['1.00-1.19'],
          color: ['D', 'E'],
          make: '3EX',
          discount: { gte: -40, lte: -30 },
        },
        note: 'For a client engagement ring',
      },
      buyer.token,
    );
    expect(res.statusCode).toBe(201);
    const { demand_id } = json<{ demand_id: string }>(res);
    const [row] = await t.deps.db.select().from(stoneDemands).where(eq(stoneDemands.id, demand_id));
    expect(row).toMatchObject({ customerId: buyer.id, note: 'For a client engagement ring' });

    const mail = await latestMessage(t.app, 'ananya.demand@loupe.test');
    expect(mail!.subject).toBe('Stone demand from Riya Shah (Shah Fine Jewels)');
    expect(mail!.body).toContain('Shape: Round, OTHER');
    expect(mail!.body).toContain('Carats: 1.00-1.19');
    expect(mail!.body).toContain('Make: 3EX');
    expect(mail!.body).toContain('Discount %: -40 to -30');
    expect(mail!.body).toContain('Note: For a client engagement ring');
    expect(mail!.body).toContain(demand_id);
  });

  it('emails the sales desk for a customer without a KAM, with the ids a text search missed', async () => {
    const res = await demand({ keywords: ['LD777', '2141438999'] });
    expect(res.statusCode).toBe(201);
    const mail = await latestMessage(t.app, t.deps.config.SALES_DESK_EMAIL);
    expect(mail!.body).toContain('Stone ids or certificate numbers not found: LD777, 2141438999');
  });

  it('needs approved KYC and something to look for', async () => {
    const pending = await loggedInCustomer(t, { kycStatus: 'pending' });
    const refused = await demand({ keywords: ['LD777'] }, pending.token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe('KYC_REQUIRED');
    const empty = await demand({ filters: {}, keywords: [] });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).code).toBe('VALIDATION_FAILED');
    const bad = await demand({ filters: { carats: ['3-1'] } });
    expect(bad.statusCode).toBe(400);
  });

  it('takes at most 10 demands an hour from one customer, then says when to try again', async () => {
    const buyer = await loggedInCustomer(t);
    for (let i = 0; i < 10; i++)
      expect((await demand({ note: `ring ${i}` }, buyer.token)).statusCode).toBe(201);
    const eleventh = await demand({ note: 'ring 11' }, buyer.token);
    expect(eleventh.statusCode).toBe(429);
    expect(json(eleventh).code).toBe('RATE_LIMITED');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61 * 60_000);
    expect((await demand({ note: 'ring 12' }, buyer.token)).statusCode).toBe(201);
  });
});
