import { listStones, searchStones } from '@loupe/contract/search';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStone } from '../../app/seed/stone-factory.ts';
import { injectRoute } from '../../test/call-route.ts';
import {
  expectExactlyTheContract,
  loggedInCustomer,
  postSearch,
  type SearchAnswer,
  type SearchBody,
  stockOf,
} from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { markSold, returnSoldToStock } from '../stones/index.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await loggedInCustomer(t)).token;
});
afterAll(() => t.close());

async function search(body: SearchBody) {
  const res = await postSearch(t, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchAnswer>(res);
}
const lots = async (body: SearchBody) => (await search({ limit: 300, ...body })).stones.map((s) => s.lot_id);

describe('[STOCK] sorting', () => {
  beforeAll(async () => {
    await stockOf(t, [
      {
        lot_id: 'A',
        shape: 'PS',
        carats: 1.5,
        color: 'E',
        clarity: 'VVS2',
        fluorescence: 'MED',
        discount: -10,
      },
      {
        lot_id: 'B',
        shape: 'BR',
        carats: 2.01,
        color: 'D',
        clarity: 'SI1',
        fluorescence: 'NON',
        discount: -40,
      },
      {
        lot_id: 'C',
        shape: 'BR',
        carats: 1.01,
        color: 'H',
        clarity: 'IF',
        fluorescence: 'VSTG',
        discount: -25,
      },
      { lot_id: 'D', shape: 'TR', carats: 0.5, color: 'K', clarity: 'I1', fluorescence: 'FNT', discount: 2 },
      {
        lot_id: 'E',
        shape: 'BR',
        carats: 1.01,
        color: 'H',
        clarity: 'VVS1',
        fluorescence: 'SLT',
        discount: -25,
      },
      {
        lot_id: 'F',
        shape: 'BR',
        carats: 1.01,
        color: null,
        fancy_color: 'Pink',
        clarity: 'VS2',
        fluorescence: null,
        discount: -5,
      },
      {
        lot_id: 'G',
        shape: 'EM',
        carats: 1.01,
        color: 'D',
        clarity: 'FL',
        fluorescence: 'VSL',
        discount: -25,
      },
    ]);
  });

  it('defaults to shape, carats, colour and clarity in the trade order, then the stock number', async () => {
    // Round first, pear, emerald, then the other shapes; fancy colours after white ones.
    expect(await lots({})).toEqual(['C', 'E', 'F', 'B', 'A', 'G', 'D']);
  });

  it('sorts clarity and fluorescence in the trade order, not alphabetically', async () => {
    expect(await lots({ sort: [{ field: 'clarity', direction: 'asc' }] })).toEqual([
      'G',
      'C',
      'E',
      'A',
      'F',
      'B',
      'D',
    ]);
    expect(await lots({ sort: [{ field: 'clarity', direction: 'desc' }] })).toEqual([
      'D',
      'B',
      'F',
      'A',
      'E',
      'C',
      'G',
    ]);
    expect(await lots({ sort: [{ field: 'fluorescence', direction: 'asc' }] })).toEqual([
      'B',
      'G',
      'D',
      'E',
      'A',
      'C',
      'F',
    ]);
  });

  it('puts stones without the grade last in either direction', async () => {
    expect(await lots({ sort: [{ field: 'color', direction: 'asc' }] })).toEqual([
      'B',
      'G',
      'A',
      'C',
      'E',
      'D',
      'F',
    ]);
    expect(await lots({ sort: [{ field: 'color', direction: 'desc' }] })).toEqual([
      'D',
      'C',
      'E',
      'A',
      'B',
      'G',
      'F',
    ]);
    expect((await lots({ sort: [{ field: 'fluorescence', direction: 'desc' }] })).at(-1)).toBe('F');
  });

  it('breaks ties by the next key, then by stock number', async () => {
    expect(
      await lots({
        sort: [
          { field: 'discount', direction: 'asc' },
          { field: 'clarity', direction: 'desc' },
        ],
      }),
    ).toEqual(['B', 'E', 'C', 'G', 'A', 'F', 'D']);
    expect(await lots({ sort: [{ field: 'discount', direction: 'desc' }] })).toEqual([
      'D',
      'F',
      'A',
      'C',
      'E',
      'G',
      'B',
    ]);
    expect(await lots({ sort: [{ field: 'shape', direction: 'desc' }] })).toEqual([
      'D',
      'G',
      'A',
      'B',
      'C',
      'E',
      'F',
    ]);
  });
});

describe('[STOCK] pages and count', () => {
  it('pages through the result without overlap, with the total on every page', async () => {
    await stockOf(
      t,
      Array.from({ length: 23 }, (_, i) => ({ lot_id: `P${String(i).padStart(2, '0')}`, carats: 1.01 })),
    );
    const pages = await Promise.all([0, 10, 20].map((offset) => search({ limit: 10, offset })));
    expect(pages.map((p) => p.count)).toEqual([23, 23, 23]);
    expect(pages.map((p) => p.stones.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap((p) => p.stones.map((s) => s.lot_id))).toEqual(
      Array.from({ length: 23 }, (_, i) => `P${String(i).padStart(2, '0')}`),
    );
    const beyond = await search({ limit: 10, offset: 40 });
    expect(beyond).toMatchObject({ count: 23, limit: 10, offset: 40, stones: [] });
  });

  it('answers exactly what the contract describes, the tiles and the plain listing too', async () => {
    expectExactlyTheContract(searchStones, await search({ limit: 5, facets: true }));
    const listing = await injectRoute(t.app, listStones, { query: { limit: 5 }, headers: bearer(token) });
    expect(listing.statusCode, listing.body).toBe(200);
    expectExactlyTheContract(listStones, json(listing));
  });

  it('answers the count alone with limit 1, as the form does on every change', async () => {
    const answer = await search({ filters: { shape: ['BR'] }, limit: 1 });
    expect(answer.count).toBe(23);
    expect(answer.stones).toHaveLength(1);
    expect(answer.limit).toBe(1);
  });
});

describe('[STOCK] facets', () => {
  beforeAll(async () => {
    await stockOf(t, [
      { lot_id: 'BR-D-IND', shape: 'BR', color: 'D', location: 'IND' },
      { lot_id: 'BR-N-USA', shape: 'BR', color: 'N', location: 'USA' },
      { lot_id: 'BR-Y-BD', shape: 'BR', color: 'Y', location: 'USA-BD' },
      { lot_id: 'PS-D-BEL', shape: 'PS', color: 'D', location: 'BEL', cut: null, polish: 'VG' },
      { lot_id: 'TR-D-IND', shape: 'TR', color: 'D', location: 'IND' },
      { lot_id: 'RMB-E-IND', shape: 'RMB', color: 'E', location: 'IND' },
      { lot_id: 'BR-FANCY', shape: 'BR', color: null, fancy_color: 'Blue', location: 'IND' },
      { lot_id: 'SOLD', shape: 'BR', color: 'D', status: 'Sold' },
    ]);
  });

  it('counts every tile with all the other filters but its own group', async () => {
    const answer = await search({ filters: { shape: ['BR'], color: ['D'] }, facets: true, limit: 1 });
    expect(answer.count).toBe(1);
    const facets = answer.facets!;
    // Shapes under colour D: round, pear, and the triangle among the others.
    expect(facets.shape).toEqual({
      BR: 1,
      PS: 1,
      EM: 0,
      AS: 0,
      CU: 0,
      RAD: 0,
      PR: 0,
      OV: 0,
      MQ: 0,
      HS: 0,
      OTHER: 1,
    });
    // Colours of rounds: D, and N and Y together under N-Z; the fancy round has no white colour.
    expect(facets.color).toEqual({
      D: 1,
      E: 0,
      F: 0,
      G: 0,
      H: 0,
      I: 0,
      J: 0,
      K: 0,
      L: 0,
      M: 0,
      'N-Z': 0 + 2,
    });
    // Every other group counts under both filters: the one round D.
    expect(facets.location).toEqual({ BEL: 0, DUB: 0, IND: 1, ISR: 0, USA: 0, 'USA-BD': 0 });
    expect(facets.clarity?.VS1).toBe(1);
  });

  it('counts USA-BD stones under USA too, and leaves grades no tile shows out', async () => {
    const { facets } = await search({ filters: {}, facets: true, limit: 1 });
    expect(facets!.location).toEqual({ BEL: 1, DUB: 0, IND: 4, ISR: 0, USA: 2, 'USA-BD': 1 });
    expect(facets!.shape!.OTHER).toBe(2);
    expect(facets!.cut).toEqual({ EX: 6, VG: 0, G: 0, F: 0 });
    expect(facets!.polish).toEqual({ EX: 6, VG: 1, G: 0, F: 0 });
    expect(Object.keys(facets!).sort()).toEqual(
      ['clarity', 'color', 'cut', 'fluorescence', 'lab', 'location', 'polish', 'shape', 'symmetry'].sort(),
    );
  });

  it('applies the filters outside the facet groups to every count', async () => {
    const { facets } = await search({ filters: { fancy_color: ['Blue'] }, facets: true, limit: 1 });
    expect(facets!.shape!.BR).toBe(1);
    expect(Object.values(facets!.color!).every((n) => n === 0)).toBe(true);
  });

  it('leaves facets out unless asked', async () => {
    expect((await search({ limit: 1 })).facets).toBeUndefined();
  });
});

describe('[STOCK] facets against a count by hand', () => {
  const SHAPE_CODES = ['BR', 'PS', 'OV', 'EM', 'TR', 'SPL'];
  const COLOR_CODES = ['D', 'E', 'F', 'G', 'H', 'K', 'N', 'S'];
  const CLARITY_CODES = ['IF', 'VVS2', 'VS1', 'VS2', 'SI1', 'I1'];
  const FINISH = ['EX', 'VG', 'G'];
  const FLUO = ['NON', 'FNT', 'MED', 'STG'];
  const LOCATION_CODES = ['IND', 'BEL', 'USA', 'USA-BD'];
  // A deterministic spread of 90 stones over the facet columns and two carat bands.
  const specs = Array.from({ length: 90 }, (_, i) => ({
    lot_id: `F${String(i).padStart(3, '0')}`,
    shape: SHAPE_CODES[i % 6]!,
    color: COLOR_CODES[(i * 7) % 8]!,
    clarity: CLARITY_CODES[(i * 5) % 6]!,
    cut: FINISH[i % 3]!,
    polish: FINISH[(i >> 1) % 3]!,
    symmetry: FINISH[(i >> 2) % 3]!,
    fluorescence: FLUO[(i * 3) % 4]!,
    location: LOCATION_CODES[(i * 11) % 4]!,
    carats: i % 2 === 0 ? 1.05 : 2.1,
  }));
  beforeAll(() => stockOf(t, specs));

  type Spec = (typeof specs)[number];
  const tile = (group: string, spec: Spec): string[] => {
    if (group === 'shape') return [['SPL', 'TR'].includes(spec.shape) ? 'OTHER' : spec.shape];
    if (group === 'color') return [['N', 'S'].includes(spec.color) ? 'N-Z' : spec.color];
    if (group === 'location') return spec.location === 'USA-BD' ? ['USA-BD', 'USA'] : [spec.location];
    if (group === 'lab') return ['GIA'];
    return [spec[group as keyof Spec] as string];
  };
  const matches = (group: string, values: string[], spec: Spec) =>
    tile(group, spec).some((v) => values.includes(v));

  it.each([
    [{ shape: ['BR', 'OTHER'] }],
    [{ shape: ['BR', 'PS'], color: ['D', 'E', 'N-Z'], clarity: ['VS1', 'VS2'] }],
    [
      {
        color: ['G', 'H'],
        cut: ['EX'],
        polish: ['EX', 'VG'],
        fluorescence: ['NON', 'MED'],
        location: ['USA'],
      },
    ],
    [{ carats: ['2.00-2.49'], clarity: ['IF', 'SI1'], symmetry: ['VG'], shape: ['OV', 'EM', 'OTHER'] }],
  ] as StoneFiltersInput[][])('counts every tile as selecting it would: %j', async (filters) => {
    const { facets } = await search({ filters, facets: true, limit: 1 });
    const chosen = Object.entries(filters).filter(([key]) => key !== 'carats') as [string, string[]][];
    const inCarats = (spec: Spec) => !('carats' in filters) || spec.carats === 2.1;
    for (const [group, counts] of Object.entries(facets!)) {
      const expected = Object.fromEntries(Object.keys(counts).map((key) => [key, 0]));
      for (const spec of specs) {
        if (!inCarats(spec)) continue;
        if (!chosen.every(([g, values]) => g === group || matches(g, values, spec))) continue;
        for (const key of tile(group, spec)) if (key in expected) expected[key]!++;
      }
      expect(counts, group).toEqual(expected);
    }
  });

  it('counts the tiles of the stock as it is now when the index answers', async () => {
    const filters: StoneFiltersInput = { shape: ['EM'] };
    const before = await search({ filters, facets: true, limit: 1 });
    await createStone(t.deps.db, { lot_id: 'F-NOW', shape: 'EM', color: 'D' });
    const soon = await search({ filters, facets: true, limit: 1 });
    expect(soon.count).toBe(before.count + 1);
    expect(soon.facets!.shape!.EM).toBe(before.facets!.shape!.EM! + 1);
    expect(soon.facets!.color!.D).toBe(before.facets!.color!.D! + 1);
  });

  it('counts the tiles of the stock as it is now when SQL answers, kept answers included', async () => {
    // A filter the index does not hold (decision 023) sends the search to SQL, which keeps a
    // search's tile counts only while no stone changes (decision 047).
    const filters: StoneFiltersInput = { shape: ['EM'], depth_percentage: { gte: 0, lte: 100 } };
    const before = await search({ filters, facets: true, limit: 1 });
    expect((await search({ filters, facets: true, limit: 1 })).facets).toEqual(before.facets);
    const added = await createStone(t.deps.db, { lot_id: 'F-LATE', shape: 'EM', color: 'D' });
    const soon = await search({ filters, facets: true, limit: 1 });
    expect(soon.count).toBe(before.count + 1);
    expect(soon.facets!.shape!.EM).toBe(before.facets!.shape!.EM! + 1);
    expect(soon.facets!.color!.D).toBe(before.facets!.color!.D! + 1);
    await t.deps.db.transaction((tx) => markSold(tx, [added.id], new Date()));
    const sold = await search({ filters, facets: true, limit: 1 });
    expect(sold.count).toBe(before.count);
    expect(sold.facets).toEqual(before.facets);
  });
});

describe('[STOCK] the page the index names', () => {
  it('leaves off a stone sold since the index last looked', async () => {
    // The database reads the index's candidates with the search's conditions. Here the sale's
    // change row is left unwritten (triggers off for it), so the index never hears of it: the count
    // still has the stone, the page must not.
    const stone = await createStone(t.deps.db, { lot_id: 'UNHEARD-SALE', shape: 'HS', carats: 7.77 });
    const filters: StoneFiltersInput = { shape: ['HS'], carats: ['5.00-9.99'] };
    expect(await lots({ filters })).toEqual(['UNHEARD-SALE']);
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await markSold(tx, [stone.id], new Date());
    });
    const unheard = await search({ filters, limit: 50 });
    expect(unheard.count).toBe(1);
    expect(unheard.stones).toEqual([]);

    // Recorded as usual (back to stock and sold again), the sale leaves the count too.
    await t.deps.db.transaction(async (tx) => {
      await returnSoldToStock(tx, [stone.id], new Date());
      await markSold(tx, [stone.id], new Date());
    });
    expect((await search({ filters, limit: 50 })).count).toBe(0);
  });
});

describe('[STOCK] new arrivals', () => {
  it('are the searchable stones certified within the last 24 hours of the clock', async () => {
    const now = t.clock.now().getTime();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    await stockOf(t, [
      { lot_id: 'JUST-IN', certified_at: hoursAgo(0.01) },
      { lot_id: 'ALMOST-DAY', certified_at: hoursAgo(23.99) },
      { lot_id: 'OVER-DAY', certified_at: hoursAgo(24.01) },
      { lot_id: 'LAST-WEEK', certified_at: hoursAgo(24 * 7) },
      { lot_id: 'SOLD-TODAY', certified_at: hoursAgo(2), status: 'Sold' },
    ]);
    expect((await lots({ new_arrivals: true })).sort()).toEqual(['ALMOST-DAY', 'JUST-IN']);
    t.clock.advance(60_000);
    expect((await lots({ new_arrivals: true })).sort()).toEqual(['JUST-IN']);
    expect(await lots({ new_arrivals: false })).toHaveLength(4);
  });
});
