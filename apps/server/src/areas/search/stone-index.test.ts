import { searchStones as searchRoute } from '@loupe/contract/search';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildStone, createStone, createStones } from '../../app/seed/stone-factory.ts';
import { openDatabase } from '../../platform/db/client.ts';
import { loggedInCustomer, postSearch, type SearchAnswer } from '../../test/stock-kit.ts';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { markSold, StoneRowCache, writeStones } from '../stones/index.ts';
import { FacetCache } from './count-facets.ts';
import { searchStones } from './search-stones.ts';
import { StoneIndex } from './stone-index.ts';

/**
 * Two server instances on one database (decision 023): a change made through one is in the
 * other's index within a second without any request to it (the NOTIFY), and a search on the
 * other sees it at once. In one process, every change committed before a look is in what the look
 * answers, also on the embedded database where a look without a notification since the last one
 * reads nothing (decision 035). While an index loads its searches go to SQL, and nothing they
 * keep (the tiles' counts) outlives a sale: a stone sold during the load is counted nowhere.
 */

let first: TestApp;
let second: TestApp;
const silent = { error: () => undefined, info: () => undefined };

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, { database: first.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('[STOCK] the search index across instances', () => {
  it('applies a change made elsewhere within a second, without being asked', async () => {
    // The watching index has connections of its own on PostgreSQL, as another process would.
    const own = first.database.url ? await openDatabase({ url: first.database.url }) : undefined;
    const watcher = new StoneIndex(own?.db ?? first.deps.db, silent);
    try {
      await watcher.start();
      await vi.waitUntil(() => watcher.ready, { timeout: 10_000, interval: 10 });
      const before = watcher.current()!.count;

      const stone = await createStone(first.deps.db, { lot_id: 'ELSEWHERE-1' });
      await vi.waitUntil(() => watcher.current()?.count === before + 1, { timeout: 1000, interval: 10 });

      await first.deps.db.transaction((tx) => markSold(tx, [stone.id], new Date()));
      await vi.waitUntil(() => watcher.current()?.count === before, { timeout: 1000, interval: 10 });
    } finally {
      await watcher.close();
      await own?.close();
    }
  });

  it('shows on one instance a stone sold through the other at once', async () => {
    const buyer = await loggedInCustomer(first);
    const search = async (t: TestApp) => {
      const res = await postSearch(t, buyer.token, { filters: { shape: ['HS'] }, facets: true, limit: 10 });
      expect(res.statusCode, res.body).toBe(200);
      return json<SearchAnswer>(res);
    };
    const stone = await createStone(first.deps.db, { lot_id: 'BOTH-1', shape: 'HS' });
    expect((await search(second)).stones.map((s) => s.lot_id)).toContain('BOTH-1');
    expect((await search(second)).facets!.shape!.HS).toBeGreaterThanOrEqual(1);

    await first.deps.db.transaction((tx) => markSold(tx, [stone.id], new Date()));
    const after = await search(second);
    expect(after.stones.map((s) => s.lot_id)).not.toContain('BOTH-1');
    expect(after.count).toBe(0);
    expect(after.facets!.shape!.HS).toBe(0);
  });

  it('shows a change of any column of a stone whose row it read before, also one the index does not hold', async () => {
    const buyer = await loggedInCustomer(first);
    const viewer = { customerId: buyer.id, kycApproved: true };
    const index = new StoneIndex(first.deps.db, silent);
    const rowCache = new StoneRowCache();
    const body = searchRoute.body!.parse({ filters: { shape: ['CU'] }, limit: 10 });
    const search = () =>
      searchStones(first.deps.db, viewer, body, { now: first.clock.now(), index, rowCache });
    const comments = async () => (await search()).stones.map((s) => [s.lot_id, s.report_comments]);
    try {
      await index.start();
      await vi.waitUntil(() => index.ready, { timeout: 10_000, interval: 10 });
      const kept = await createStone(first.deps.db, { lot_id: 'KEPT-1', shape: 'CU' });
      await createStone(first.deps.db, { lot_id: 'KEPT-2', shape: 'CU' });
      const made = 'Clouds are not shown.'; // the stone factory's
      expect(await comments()).toEqual([
        ['KEPT-1', made],
        ['KEPT-2', made],
      ]);
      expect(rowCache.size).toBe(2);
      // Columns the index's change feed does not record (the comments, the certificate's number),
      // revised through the other instance as a stock upload revises them.
      const revised = buildStone({ lot_id: 'KEPT-2', shape: 'CU', report_comments: 'Surface graining' });
      await writeStones(second.deps.db, [revised], 'update');
      expect(await comments()).toEqual([
        ['KEPT-1', made],
        ['KEPT-2', 'Surface graining'],
      ]);
      await first.deps.db.transaction((tx) => markSold(tx, [kept.id], new Date()));
      expect(await comments()).toEqual([['KEPT-2', 'Surface graining']]);
    } finally {
      await index.close();
    }
  });

  it('answers every change committed before it was asked, in the same process', async () => {
    const index = new StoneIndex(first.deps.db, silent);
    try {
      await index.start();
      await vi.waitUntil(() => index.ready, { timeout: 10_000, interval: 10 });
      const before = (await index.fresh())!.count;
      expect((await index.fresh())!.count).toBe(before);

      const stone = await createStone(first.deps.db, { lot_id: 'SAME-1' });
      expect((await index.fresh())!.count).toBe(before + 1);
      await first.deps.db.transaction((tx) => markSold(tx, [stone.id], new Date()));
      expect((await index.fresh())!.count).toBe(before);

      // Writes committing while looks are under way: each look asked after a commit sees it.
      let added = 0;
      for (let i = 0; i < 20; i++) {
        const looking = index.fresh();
        await createStone(first.deps.db, { lot_id: `SAME-RACE-${i}` });
        added++;
        const [during, after] = await Promise.all([looking, index.fresh()]);
        expect(during).not.toBeNull();
        expect(after!.count).toBe(before + added);
      }
    } finally {
      await index.close();
    }
  });
});

describe('[STOCK] searching while the index loads', () => {
  it('counts a stone sold during the load nowhere: by SQL meanwhile, tiles included, then in the index', async () => {
    const buyer = await loggedInCustomer(first);
    const viewer = { customerId: buyer.id, kycApproved: true };
    const sold = await createStone(first.deps.db, { lot_id: 'LOADING-1', shape: 'PR' });
    const soldMidLoad = await createStone(first.deps.db, { lot_id: 'LOADING-2', shape: 'PR' });
    // The load waits before its first chunk until released; then, one stone a chunk, a sale and an
    // addition commit between its first chunks (after its change cursor was read).
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const index = new StoneIndex(first.deps.db, silent, {
      loadChunk: 1,
      beforeChunk: async (chunk) => {
        if (chunk === 0) await held;
        if (chunk === 1) await first.deps.db.transaction((tx) => markSold(tx, [soldMidLoad.id], new Date()));
        if (chunk === 2) await createStone(first.deps.db, { lot_id: 'LOADING-3', shape: 'PR' });
      },
    });
    const facetCache = new FacetCache(first.deps.db, first.clock);
    const body = searchRoute.body!.parse({ filters: { shape: ['PR'] }, facets: true, limit: 10 });
    const search = () =>
      searchStones(first.deps.db, viewer, body, { now: first.clock.now(), facetCache, index });
    const lots = (answer: Awaited<ReturnType<typeof search>>) => answer.stones.map((s) => s.lot_id).sort();
    try {
      await index.start();
      const before = await search();
      expect(index.ready).toBe(false);
      expect(lots(before)).toEqual(['LOADING-1', 'LOADING-2']);
      expect(before.facets!.shape!.PR).toBe(2);

      await first.deps.db.transaction((tx) => markSold(tx, [sold.id], new Date()));
      const bySql = await search();
      expect(index.ready).toBe(false);
      expect(lots(bySql)).toEqual(['LOADING-2']);
      expect(bySql.count).toBe(1);
      expect(bySql.facets!.shape!.PR).toBe(1);

      release();
      await vi.waitUntil(() => index.ready, { timeout: 10_000, interval: 10 });
      const byIndex = await search();
      expect(lots(byIndex)).toEqual(['LOADING-3']);
      expect(byIndex.count).toBe(1);
      expect(byIndex.facets!.shape!.PR).toBe(1);
    } finally {
      release();
      await index.close();
    }
  });
});

describe('[STOCK] the index arranged beside the searches (decision 070)', () => {
  it('answers at once when new stones make its rows untidy, and swaps in the arranged copy with what changed meanwhile', async () => {
    const db = first.deps.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let copiesArranged = 0;
    const index = new StoneIndex(db, silent, {
      afterArranged: async () => {
        copiesArranged++;
        await held;
      },
    });
    try {
      await index.start();
      await vi.waitUntil(() => index.ready, { timeout: 10_000, interval: 10 });
      const stock = (await index.fresh())!.count;
      // More new stones than the tail holds before the rows are arranged again (2,000, or a twentieth).
      const [sold, moved] = await createStones(db, [
        { lot_id: 'TIDY-SOLD', carats: 1.5 },
        { lot_id: 'TIDY-MOVED', carats: 0.5 },
      ]);
      const many = Math.max(2_000, Math.ceil(stock / 20));
      await writeStones(
        db,
        Array.from({ length: many }, (_, i) =>
          buildStone({ lot_id: `TIDY-${i}`, carats: 0.3 + (i % 250) / 100 }),
        ),
      );
      const live = (await index.fresh())!;
      expect(live.count).toBe(stock + many + 2);
      // The look put them in the tail and answered; the arrangement goes on beside it.
      expect(live.arranged).toBeLessThan(live.size);
      await vi.waitUntil(() => copiesArranged === 1, { timeout: 10_000, interval: 5 });

      // While the arranged copy waits: a new stone, a sale, and a stone whose carats changed.
      const late = await createStone(db, { lot_id: 'TIDY-LATE', carats: 2.75 });
      await db.transaction((tx) => markSold(tx, [sold!.id], new Date()));
      await writeStones(db, [buildStone({ lot_id: 'TIDY-MOVED', carats: 4.4 })], 'update');
      expect((await index.fresh())!).toBe(live);
      expect(live.count).toBe(stock + many + 2);

      release();
      await vi.waitUntil(() => index.current() !== live, { timeout: 10_000, interval: 5 });
      const tidy = index.current()!;
      // Arranged, but for what changed meanwhile: the late stone and the one whose carats changed.
      expect(tidy.size - tidy.arranged).toBe(2);
      expect(tidy.untidy).toBe(false);
      expect(tidy.count).toBe(stock + many + 2);
      expect(tidy.find(late.id)).toBeDefined();
      expect(tidy.find(sold!.id)).toBeUndefined();
      expect(tidy.numbers.carats[tidy.find(moved!.id)!]).toBe(4.4);
      for (let row = 1; row < tidy.arranged; row++) {
        expect(tidy.numbers.carats[row]).toBeGreaterThanOrEqual(tidy.numbers.carats[row - 1]!);
      }
      const band = new Int32Array(tidy.size);
      const inBand = tidy.withinCarats([[4.4, 4.4]], band);
      expect([...band.subarray(0, inBand)].map((row) => tidy.idAt(row))).toContain(moved!.id);
    } finally {
      release();
      await index.close();
    }
  });
});
