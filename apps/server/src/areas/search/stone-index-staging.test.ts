import type { StoneFilters } from '@loupe/contract/search-filters';
import { SEARCHABLE_STATUSES } from '@loupe/contract/stone-vocabulary';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStone } from '../../app/seed/stone-factory.ts';
import { isEmbedded, openDatabase, rows } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { generateStones } from '../stock-import/index.ts';
import {
  bulkWriteStones,
  markSold,
  type StagingQuery,
  statusRank,
  type WriteStaging,
} from '../stones/index.ts';
import { indexPlan } from './index-query.ts';
import { searchIndex } from './index-scan.ts';
import { StoneIndex, type StoneIndexOptions } from './stone-index.ts';

/**
 * A large upload staged beside the live index before it commits and swapped in by the first look
 * after (decision 053, PostgreSQL; on PGlite the index never stages and the same answers come from
 * the ordinary look): a search begun after the commit sees every stone of it, a stone sold by
 * another transaction while the copy was built stays sold, a rolled-back upload leaves the index
 * as it was, and another instance sees everything by its ordinary look.
 */

let t: TestApp;
const silent = { error: () => undefined, info: () => undefined };
const now = new Date('2026-03-02T08:30:00Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function readyIndex(db = t.deps.db, options: StoneIndexOptions = {}) {
  const index = new StoneIndex(db, silent, options);
  await index.start();
  await vi.waitUntil(() => index.ready, { timeout: 10_000, interval: 10 });
  return index;
}

function upload(prefix: string, count: number) {
  return [...generateStones(count, { seed: prefix, now })].map((stone, i) => ({
    ...stone,
    lotId: `${prefix}${String(i).padStart(5, '0')}`,
  }));
}

const SEARCHABLE = SEARCHABLE_STATUSES.map(statusRank);

/** Whether a statement is a look's (it reads the change feed with its snapshot's state). */
function isLook(query: unknown) {
  const text = JSON.stringify(query);
  return text.includes('pg_current_snapshot') && text.includes('stone_changes');
}

/** The ids of the searchable stones as the database has them now. */
async function searchableIds() {
  const found = await rows<{ id: string }>(
    t.deps.db,
    sql`select id from stones where status in (${sql.join(
      SEARCHABLE.map((rank) => sql`${rank}`),
      sql`, `,
    )})`,
  );
  return found.map((row) => row.id);
}

async function idOf(lotId: string) {
  const [row] = await rows<{ id: string }>(t.deps.db, sql`select id from stones where lot_id = ${lotId}`);
  return row?.id;
}

/** The index answers exactly the searchable stones of the database. */
async function expectSameAsDatabase(index: StoneIndex) {
  const columns = (await index.fresh())!;
  const ids = await searchableIds();
  expect(columns.count).toBe(ids.length);
  expect(ids.filter((id) => columns.find(id) === undefined)).toEqual([]);
}

/** The index's staging, then `after` inside the write's transaction; records whether the index staged it. */
function watched(index: StoneIndex, after?: (query: StagingQuery) => Promise<void>) {
  const seen = { staged: false };
  const staging: WriteStaging = {
    async beforeCommit(query) {
      const ended = await index.beforeCommit(query);
      seen.staged = ended !== undefined;
      await after?.(query);
      return ended;
    },
  };
  return { staging, seen };
}

describe('[STOCK] a large upload staged beside the index', () => {
  it('shows every new and changed stone to a search begun after the commit, and keeps what others sold meanwhile', async () => {
    // While the copy is built (before its second slice), one stone is sold and looked at by a
    // search, another sold and a third added without a look before the commit.
    let during = async () => undefined;
    const index = await readyIndex(t.deps.db, {
      beforeStageSlice: async (slice) => {
        if (slice === 1) await during();
      },
    });
    // Another instance, with connections of its own: it reads the upload by its ordinary look.
    const own = t.database.url ? await openDatabase({ url: t.database.url }) : undefined;
    const other = await readyIndex(own?.db);
    try {
      const soldLooked = await createStone(t.deps.db, { lot_id: 'STAGE-SOLD-1' });
      const soldUnlooked = await createStone(t.deps.db, { lot_id: 'STAGE-SOLD-2' });
      await expectSameAsDatabase(index);
      const first = upload('STAGE-A', 2_500);
      await bulkWriteStones(t.deps.db, first, { onExisting: 'update' });
      await expectSameAsDatabase(index);

      // The same file with new prices and some statuses changed, and 500 new stones.
      const again = [...first.slice(0, 2_000), ...upload('STAGE-B', 500)].map((stone, i) => ({
        ...stone,
        pricePerCarat: stone.pricePerCarat + 1,
        status: i % 7 === 0 ? statusRank('Sold') : stone.status,
      }));
      during = async () => {
        await t.deps.db.transaction((tx) => markSold(tx, [soldLooked.id], now));
        await index.fresh();
        await t.deps.db.transaction((tx) => markSold(tx, [soldUnlooked.id], now));
        await createStone(t.deps.db, { lot_id: 'STAGE-ADDED-1' });
      };
      const { staging, seen } = watched(index);
      await bulkWriteStones(t.deps.db, again, { onExisting: 'update', staging });
      expect(seen.staged).toBe(!isEmbedded(t.deps.db));
      // PGlite never stages (its upload commits step by step): the same changes after it.
      if (!seen.staged) await during();

      const columns = (await index.fresh())!;
      expect(columns.find(soldLooked.id)).toBeUndefined();
      expect(columns.find(soldUnlooked.id)).toBeUndefined();
      expect(columns.find((await idOf('STAGE-ADDED-1'))!)).toBeDefined();
      const newOnSale = again.filter((stone) => SEARCHABLE.includes(stone.status)).at(-1)!;
      expect(newOnSale.lotId).toMatch(/^STAGE-B/);
      expect(columns.find((await idOf(newOnSale.lotId))!)).toBeDefined();
      expect(columns.find((await idOf(again[0]!.lotId))!)).toBeUndefined();
      await expectSameAsDatabase(index);
      await expectSameAsDatabase(other);

      // After the swap the index goes on as before: a sale of one of the upload's stones shows.
      const uploaded = (await idOf('STAGE-B00001'))!;
      await t.deps.db.transaction((tx) => markSold(tx, [uploaded], now));
      expect((await index.fresh())!.find(uploaded)).toBeUndefined();
      await expectSameAsDatabase(index);
      await expectSameAsDatabase(other);
    } finally {
      await other.close();
      await own?.close();
      await index.close();
    }
  });

  it("reads none of an upload's change rows while it is under way, a stone added meanwhile at once, and the whole upload after its commit", async () => {
    // Another instance (connections of its own) that never stages: it learns the upload by its
    // ordinary look. While the upload's transaction holds its change rows uncommitted, a look
    // reads past them (PostgreSQL; PGlite commits an upload step by step and never holds it).
    const own = t.database.url ? await openDatabase({ url: t.database.url }) : undefined;
    const other = await readyIndex(own?.db);
    const statements = vi.spyOn(own?.db ?? t.deps.db, 'execute');
    const file = upload('STAGE-G', 4_000);
    let during: { pages: number; addedSeen: boolean } | undefined;
    try {
      // The upload's last step inside its transaction, which no index stages here.
      const staging: WriteStaging = {
        async beforeCommit() {
          const added = await createStone(t.deps.db, { lot_id: 'STAGE-G-ADDED' });
          statements.mockClear();
          const columns = (await other.fresh())!;
          const look = statements.mock.calls.map(([query]) => query).find(isLook)!;
          // The look's statement again, as the database plans it now, with the pages it reads.
          const [plan] = await rows<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }>(
            t.deps.db,
            sql`explain (analyze, buffers, format json) ${look}`,
          );
          const top = plan!['QUERY PLAN'][0]!.Plan;
          during = {
            pages: top['Shared Hit Blocks']! + top['Shared Read Blocks']!,
            addedSeen: columns.find(added.id) !== undefined,
          };
          return undefined;
        },
      };
      await bulkWriteStones(t.deps.db, file, { onExisting: 'update', staging });
      expect(during !== undefined).toBe(!isEmbedded(t.deps.db));
      if (during) {
        expect(during.addedSeen).toBe(true);
        // 4,000 change rows fill about 40 pages of the table and its xid index; the look reads
        // the index's edges around the upload's transaction only.
        expect(during.pages, 'pages the look read').toBeLessThan(10);
      }
      const onSale = file.filter((stone) => SEARCHABLE.includes(stone.status)).at(-1)!;
      expect((await other.fresh())!.find((await idOf(onSale.lotId))!)).toBeDefined();
      await expectSameAsDatabase(other);
    } finally {
      statements.mockRestore();
      await other.close();
      await own?.close();
    }
  });

  it('leaves the index as it was when the upload rolls back, and stages the next one', async () => {
    const index = await readyIndex();
    try {
      const before = (await index.fresh())!.count;
      // The write's transaction fails after the copy is built: its COMMIT ends in a rollback
      // (PostgreSQL; PGlite commits the upload step by step and never stages it).
      const failing = watched(index, async (query) => {
        await query('select 1 / 0').catch(() => undefined);
      });
      await bulkWriteStones(t.deps.db, upload('STAGE-C', 2_100), {
        onExisting: 'update',
        staging: failing.staging,
      }).catch(() => undefined);
      if (failing.seen.staged) {
        expect(await idOf('STAGE-C00000')).toBeUndefined();
        expect((await index.fresh())!.count).toBe(before);
      }
      await expectSameAsDatabase(index);

      const next = watched(index);
      await bulkWriteStones(t.deps.db, upload('STAGE-D', 2_100), {
        onExisting: 'update',
        staging: next.staging,
      });
      expect(next.seen.staged).toBe(!isEmbedded(t.deps.db));
      expect((await index.fresh())!.find((await idOf('STAGE-D00000'))!)).toBeDefined();
      await expectSameAsDatabase(index);
    } finally {
      await index.close();
    }
  });

  it('stages no upload that changes no stone, and answers after the next one as an index loaded afresh', async () => {
    const index = await readyIndex();
    try {
      const file = upload('STAGE-E', 2_100);
      await bulkWriteStones(t.deps.db, file, { onExisting: 'update' });
      await expectSameAsDatabase(index);

      // The same file again: every stone as it is, nothing for a look to read (decision 036).
      const same = watched(index);
      await bulkWriteStones(t.deps.db, file, { onExisting: 'update', staging: same.staging });
      expect(same.seen.staged).toBe(false);
      await expectSameAsDatabase(index);

      const changed = watched(index);
      await bulkWriteStones(
        t.deps.db,
        [
          ...file.map((stone) => ({ ...stone, carats: Math.round(stone.carats * 100 + 1) / 100 })),
          ...upload('STAGE-F', 2_100),
        ],
        { onExisting: 'update', staging: changed.staging },
      );
      expect(changed.seen.staged).toBe(!isEmbedded(t.deps.db));
      await expectSameAsDatabase(index);
      const afresh = await readyIndex();
      try {
        const forms: StoneFilters[] = [{}, { shape: ['BR'] }, { carats: ['1.00-1.19', '2.00-2.49'] }];
        for (const filters of forms) {
          const plan = indexPlan(filters)!;
          const search = { facets: true, end: 50 };
          const swapped = searchIndex((await index.fresh())!, plan, search);
          const loaded = searchIndex((await afresh.fresh())!, plan, search);
          expect(swapped.count).toBe(loaded.count);
          expect(swapped.facets).toEqual(loaded.facets);
          expect(swapped.candidates?.slice().sort()).toEqual(loaded.candidates?.slice().sort());
        }
      } finally {
        await afresh.close();
      }
    } finally {
      await index.close();
    }
  });
});
