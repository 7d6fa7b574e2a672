import type { StoneFilters } from '@loupe/contract/search-filters';
import {
  CLARITIES,
  COLORS,
  FANCY_COLORS,
  FINISH_GRADES,
  FLUORESCENCES,
  LABS,
  LOCATIONS,
  MAKES,
  SHAPES,
  STONE_STATUSES,
} from '@loupe/contract/stone-vocabulary';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { createStones, type StoneSpec } from '../../app/seed/stone-factory.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { seededRandom as random } from '../../test/seeded-random.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { emptyStock, markSold, reviseStones, type StockViewer } from '../stones/index.ts';
import { indexPlan } from './index-query.ts';
import { searchStones } from './search-stones.ts';
import { StoneIndex } from './stone-index.ts';
import type { StoneSort } from './stone-sort.ts';

/**
 * The index answers exactly what SQL answers: the same count, the same tile counts and the same
 * page, on random stock and random searches, before and after the stock changes.
 */

const next = random(23);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const some = <T>(list: readonly T[], max: number): T[] =>
  Array.from({ length: 1 + Math.floor(next() * max) }, () => pick(list));
const values = (list: readonly { value: string }[]) => list.map((g) => g.value);

const CARATS = [0.3, 0.5, 0.51, 0.9, 1.0, 1.01, 1.19, 1.2, 1.5, 2.01, 3.0];
const DISCOUNTS = [-45, -30, -30, -12.5, 0, 5];

function randomStone(i: number): StoneSpec {
  const fancy = next() < 0.15;
  return {
    lot_id: `EQ${String(i).padStart(4, '0')}`,
    status: next() < 0.7 ? 'Available' : pick(STONE_STATUSES),
    shape: pick(values(SHAPES)),
    carats: pick(CARATS),
    color: fancy ? null : pick(values(COLORS)),
    fancy_color: fancy ? pick(values(FANCY_COLORS)) : null,
    clarity: pick(values(CLARITIES)),
    cut: next() < 0.1 ? null : pick(values(FINISH_GRADES)),
    polish: pick(values(FINISH_GRADES)),
    symmetry: pick(values(FINISH_GRADES)),
    fluorescence: next() < 0.1 ? null : pick(values(FLUORESCENCES)),
    lab: pick(values(LABS)),
    location: pick(values(LOCATIONS)),
    discount: pick(DISCOUNTS),
    rap: pick([5000, 8000, 12000]),
  };
}

const CARAT_BANDS = [
  '0.30-0.39',
  '0.50-0.59',
  '0.90-0.99',
  '1.00-1.19',
  '1.20-1.49',
  '1.50-1.99',
  '2.00-50.00',
];
const FACET_TILES = {
  shape: [...values(SHAPES).slice(0, 10), 'OTHER', 'All'],
  color: ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N-Z'],
  clarity: values(CLARITIES),
  cut: ['EX', 'VG', 'G', 'F'],
  polish: ['EX', 'VG', 'G', 'F'],
  symmetry: ['EX', 'VG', 'G', 'F'],
  fluorescence: values(FLUORESCENCES),
  lab: values(LABS),
  location: values(LOCATIONS),
  fancy_color: values(FANCY_COLORS),
} as const;

function randomFilters(): StoneFilters {
  const filters: Record<string, unknown> = {};
  for (const [key, tiles] of Object.entries(FACET_TILES)) {
    if (next() < (key === 'shape' || key === 'color' || key === 'clarity' ? 0.6 : 0.2)) {
      filters[key] = some(tiles, 3);
    }
  }
  if (next() < 0.6) filters.carats = some(CARAT_BANDS, 2);
  if (next() < 0.2) filters.make = pick(MAKES);
  if (next() < 0.15) filters.discount = { gte: -30, lte: 0 };
  if (next() < 0.1) filters.price_range = { gte: 1000, lte: 20_000 };
  if (next() < 0.1) filters.price_per_carat = { gte: 3000, lte: 9000 };
  return filters as StoneFilters;
}

const SORTS: (StoneSort[] | undefined)[] = [
  undefined,
  [{ field: 'discount', direction: 'asc' }],
  [{ field: 'amount', direction: 'desc' }],
  [{ field: 'carats', direction: 'desc' }],
  [{ field: 'color', direction: 'desc' }],
  [
    { field: 'fluorescence', direction: 'asc' },
    { field: 'price_per_carat', direction: 'desc' },
  ],
];

let database: TestDatabase;
let index: StoneIndex;
let viewer: StockViewer;
const silent = { error: () => undefined, info: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  await createStones(
    database.db,
    Array.from({ length: 700 }, (_, i) => randomStone(i)),
  );
  const customer = await createCustomer(database.db, { kycStatus: 'approved' });
  viewer = { customerId: customer.id, kycApproved: true };
  index = new StoneIndex(database.db, silent);
  await index.start();
  while (!index.ready) await new Promise((r) => setTimeout(r, 10));
});
afterAll(async () => {
  await index.close();
  await database.close();
});

async function compareSearches(count: number) {
  const now = new Date();
  for (let i = 0; i < count; i++) {
    const filters = randomFilters();
    expect(indexPlan(filters), JSON.stringify(filters)).not.toBeNull();
    const input = {
      filters,
      sort: pick(SORTS),
      limit: pick([1, 7, 50]),
      offset: pick([0, 0, 3, 40, 200]),
      facets: true,
      new_arrivals: false,
      bid_to_buy: false,
    };
    // The index is current and answers (a search it cannot answer would go to SQL too).
    expect(await index.fresh()).not.toBeNull();
    const bySql = await searchStones(database.db, viewer, input, { now });
    const byIndex = await searchStones(database.db, viewer, input, { now, index });
    const label = JSON.stringify(input);
    expect(byIndex.count, label).toBe(bySql.count);
    expect(byIndex.facets, label).toEqual(bySql.facets);
    expect(
      byIndex.stones.map((s) => s.lot_id),
      label,
    ).toEqual(bySql.stones.map((s) => s.lot_id));
  }
}

describe('[STOCK] the search index', () => {
  it('answers the count, the tiles and the page exactly as SQL does', async () => {
    await compareSearches(150);
  });

  it('still does after stones are sold, repriced and added', async () => {
    const all = await database.db
      .select({ id: stones.id })
      .from(stones)
      .where(sql`${stones.status} in (1, 2, 3)`);
    const ids = all.map((s) => s.id);
    await database.db.transaction((tx) => markSold(tx, ids.slice(0, 60), new Date()));
    await reviseStones(database.db, ids.slice(60, 120), { discount: -20, pricePerCarat: 4000, amount: 4000 });
    await createStones(
      database.db,
      Array.from({ length: 80 }, (_, i) => randomStone(1000 + i)),
    );
    await compareSearches(60);
  });

  it('answers a repeated search from what it kept only until a stone changes', async () => {
    const now = new Date();
    const input = {
      filters: {},
      limit: 10,
      offset: 0,
      facets: true,
      new_arrivals: false,
      bid_to_buy: false,
    };
    const first = await searchStones(database.db, viewer, input, { now, index });
    expect(await searchStones(database.db, viewer, input, { now, index })).toEqual(first);
    const [shown] = first.stones;
    await database.db.transaction((tx) => markSold(tx, [shown!.id], new Date()));
    const after = await searchStones(database.db, viewer, input, { now, index });
    expect(after.count).toBe(first.count - 1);
    expect(after.stones.map((s) => s.id)).not.toContain(shown!.id);
    const bySql = await searchStones(database.db, viewer, input, { now });
    expect(after.facets).toEqual(bySql.facets);
    expect(after.stones.map((s) => s.lot_id)).toEqual(bySql.stones.map((s) => s.lot_id));
  });

  it('still does after the stock is emptied, and reads it all again after a truncate', async () => {
    await emptyStock(database.db);
    await createStones(
      database.db,
      Array.from({ length: 300 }, (_, i) => randomStone(3000 + i)),
    );
    await compareSearches(20);
    await database.db.execute(sql`truncate stones cascade`);
    await createStones(
      database.db,
      Array.from({ length: 400 }, (_, i) => randomStone(2000 + i)),
    );
    const now = new Date();
    const input = {
      filters: {},
      limit: 100,
      offset: 0,
      facets: false,
      new_arrivals: false,
      bid_to_buy: false,
    };
    // The first search after the truncate is answered by SQL while the index reads the stock again.
    await searchStones(database.db, viewer, input, { now, index });
    // Asked as a search asks it: a load begun by the truncate's notice may have read the stock
    // before the new stones were committed, and the look that fresh() makes adds them.
    let columns = await index.fresh();
    while (!columns) {
      await new Promise((r) => setTimeout(r, 10));
      columns = await index.fresh();
    }
    expect(columns.count).toBe((await searchStones(database.db, viewer, input, { now })).count);
    await compareSearches(20);
  });
});
