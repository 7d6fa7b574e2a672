import { DEFAULT_PAIR_SETTINGS, type PairSettingRow } from '@loupe/contract/matching-pairs';
import type { StoneFilters } from '@loupe/contract/search-filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { StoneIndex } from '../search/index.ts';
import { loadGeneratedStones } from '../stock-import/index.ts';
import { markSold, type StockViewer } from '../stones/index.ts';
import { findPairs } from './find-pairs.ts';
import { PairIndex } from './pair-index.ts';

/**
 * A pool from the search index (decision 023) is paired exactly as the same pool read by SQL
 * (decision 033): among itself when it is narrow, by the whole stock's candidates of its shapes
 * when it is broad; and a result kept for a filter is not answered again once a stone changed.
 */

let database: TestDatabase;
let index: StoneIndex;
let viewer: StockViewer;
const silent = { error: () => undefined, info: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  await loadGeneratedStones(database.db, 3_000, { seed: 'pool-pairs', now: new Date() });
  viewer = {
    customerId: (await createCustomer(database.db, { kycStatus: 'approved' })).id,
    kycApproved: true,
  };
  index = new StoneIndex(database.db, silent);
  await index.start();
  while (!index.ready) await new Promise((r) => setTimeout(r, 10));
});
afterAll(async () => {
  await index.close();
  await database.close();
});

const loose = DEFAULT_PAIR_SETTINGS.map((row) =>
  row.key === 'color' || row.key === 'clarity'
    ? { ...row, is_equal: false, up: 1, down: 1 }
    : row.is_equal
      ? row
      : { ...row, up: row.up + 1, down: row.down + 1 },
);
const FILTERS: StoneFilters[] = [
  { shape: ['BR'] },
  { shape: ['OV', 'PS', 'EM'] },
  { carats: ['0.50-0.59', '1.00-1.19'] },
  { color: ['G', 'H', 'I'], clarity: ['VS1', 'VS2', 'SI1'] },
];
const NARROW = { ownPool: 30_000, narrowEstimate: 15_000 };
const BROAD = { ownPool: 0, narrowEstimate: 0 };

async function both(filters: StoneFilters, settings: readonly PairSettingRow[], limits: typeof NARROW) {
  const search = { filters, settings, now: new Date() };
  const pairs = new PairIndex();
  const fromMemory = await findPairs(database.db, { pairs, stones: index }, viewer, search, limits);
  const bySql = await findPairs(database.db, { pairs }, viewer, search, limits);
  return { fromMemory, bySql, pairs };
}

describe('[PAIRS] pairs of a pool from the search index', () => {
  it.each([
    ['narrow', NARROW],
    ['broad', BROAD],
  ] as const)('are those of the same pool by SQL when it is %s', async (_name, limits) => {
    let paired = 0;
    for (const settings of [DEFAULT_PAIR_SETTINGS, loose]) {
      for (const filters of FILTERS) {
        const { fromMemory, bySql } = await both(filters, settings, limits);
        expect(fromMemory, JSON.stringify(filters)).toEqual(bySql);
        paired += fromMemory.length;
      }
    }
    expect(paired).toBeGreaterThan(100);
  });

  it('answers a kept result again only until a stone changes', async () => {
    const pairs = new PairIndex();
    const filters: StoneFilters = { shape: ['BR'] };
    const search = { filters, settings: loose, now: new Date() };
    const first = await findPairs(database.db, { pairs, stones: index }, viewer, search);
    expect(await findPairs(database.db, { pairs, stones: index }, viewer, search)).toEqual(first);
    const sold = first[0]!.first;
    await database.db.transaction((tx) => markSold(tx, [sold], new Date()));
    const after = await findPairs(database.db, { pairs, stones: index }, viewer, search);
    expect(after.flatMap((p) => [p.first, p.second])).not.toContain(sold);
    expect(after).toEqual(await findPairs(database.db, { pairs }, viewer, search));
  });
});
