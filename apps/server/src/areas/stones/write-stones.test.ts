import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rows } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { generateStones, loadGeneratedStones, lotIdAt } from '../stock-import/index.ts';
import { type StoneRow, toStone } from './stone-columns.ts';
import { refreshStoneStatistics, STONE_INSERT_COLUMNS, writeStones } from './write-stones.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const now = new Date('2026-03-02T08:30:00Z');

async function stockCount() {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(stones);
  return row!.n;
}

describe('[STOCK] bulk insert', () => {
  it('writes every column of the stones table but who a stone is reserved for', () => {
    const written = STONE_INSERT_COLUMNS.map(([key]) => key).sort();
    // Holds and memos for a customer are the portal's, never a stock file's.
    const table = Object.keys(getTableColumns(stones))
      .filter((key) => !['createdAt', 'updatedAt', 'reservedFor', 'reservedUntil'].includes(key))
      .sort();
    expect(written).toEqual(table);
  });

  it('stores generated stones exactly as generated, in batches, with text that needs quoting', async () => {
    const generated = [...generateStones(250, { seed: 'insert-test', now })];
    // Text an array literal must escape: quotes, backslashes, commas, braces, a NULL look-alike.
    generated[3] = {
      ...generated[3]!,
      reportComments: 'Clouds, "feathers" {not shown} \\ NULL',
      inscription: 'NULL',
    };
    // Three statements: 100 + 100 + 50 rows.
    const result = await writeStones(database.db, generated, 'skip', 100);
    expect(result).toEqual({ inserted: generated.length, updated: 0, skipped: 0 });

    const stored = (await database.db.select().from(stones)) as StoneRow[];
    expect(stored).toHaveLength(generated.length);
    const byLot = new Map(stored.map((s) => [s.lotId, s]));
    for (const row of generated) {
      const back = byLot.get(row.lotId)!;
      const view = (r: StoneRow) => ({ ...toStone(r, { showPrices: true }), id: '' });
      expect(view(back)).toEqual(view({ ...row, id: '', createdAt: now, updatedAt: now } as StoneRow));
    }
    expect(byLot.get(generated[3]!.lotId)!.reportComments).toBe('Clouds, "feathers" {not shown} \\ NULL');
    expect(byLot.get(generated[3]!.lotId)!.inscription).toBe('NULL');
  });

  it('passes over lot ids already in stock, in any case', async () => {
    const before = await stockCount();
    const [first] = [...generateStones(1, { seed: 'insert-test', now })];
    const result = await writeStones(database.db, [
      { ...first!, lotId: first!.lotId.toLowerCase(), carats: 9.99 },
    ]);
    expect(result).toEqual({ inserted: 0, updated: 0, skipped: 1 });
    expect(await stockCount()).toBe(before);
  });

  it('updates a stone in stock from an upload, and leaves one the upload does not change as it is', async () => {
    const [stone] = [...generateStones(1, { seed: 'unchanged-test', now })];
    await writeStones(database.db, [stone!], 'update');
    const versionOf = async () => {
      const [row] = await rows<{ updated_at: string; xmin: string }>(
        database.db,
        sql`SELECT updated_at::text, xmin::text FROM stones WHERE lot_id = ${stone!.lotId}`,
      );
      return row!;
    };
    const first = await versionOf();
    // The same row again: counted as updated, but the stone keeps its row version and its date.
    expect(await writeStones(database.db, [{ ...stone! }], 'update')).toEqual({
      inserted: 0,
      updated: 1,
      skipped: 0,
    });
    expect(await versionOf()).toEqual(first);
    // A new price is written.
    expect(await writeStones(database.db, [{ ...stone!, discount: -42.5 }], 'update')).toEqual({
      inserted: 0,
      updated: 1,
      skipped: 0,
    });
    expect((await versionOf()).xmin).not.toBe(first.xmin);
    const [repriced] = await database.db
      .select({ discount: stones.discount })
      .from(stones)
      .where(sql`lot_id = ${stone!.lotId}`);
    expect(repriced?.discount).toBe(-42.5);
  });

  it('generates and loads in chunks, carries on after a taken lot id, and refreshes statistics', async () => {
    await database.db.execute(sql`DELETE FROM stones`);
    // Someone uploaded a stone under the number the generator would give its third stone.
    const [taken] = [...generateStones(1, { seed: 'other', now, firstIndex: 2 })];
    await writeStones(database.db, [{ ...taken!, source: 'upload.csv' }]);

    const result = await loadGeneratedStones(database.db, 1_200, { seed: 'chunks', now });
    expect(result.inserted).toBe(1_200);
    expect(result.skipped).toBe(1);
    expect(result.nextIndex).toBe(1_201);
    expect(await stockCount()).toBe(1_201);
    const [generated] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stones)
      .where(sql`source = 'generated' AND lot_id = ${lotIdAt(1_200)}`);
    expect(generated!.n).toBe(1);

    await refreshStoneStatistics(database.db);
    const stats = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'stones' AND attname = 'shape'`,
    );
    expect(stats[0]!.n).toBe(1);
  });
  it('builds the indexes afresh after a large load into an empty table', async () => {
    await database.db.execute(sql`DELETE FROM stones`);
    const indexes = async () =>
      (
        await rows<{ indexdef: string }>(
          database.db,
          sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'stones' ORDER BY indexname`,
        )
      ).map((r) => r.indexdef);
    const before = await indexes();
    expect(before.length).toBeGreaterThanOrEqual(7);

    const result = await loadGeneratedStones(
      database.db,
      300,
      { seed: 'rebuild', now },
      { rebuildIndexesFrom: 100 },
    );
    expect(result).toMatchObject({ inserted: 300, skipped: 0, rebuiltIndexes: true });
    expect(await stockCount()).toBe(300);
    expect(await indexes()).toEqual(before);
    // The unique index is back: the generator's first 300 lot ids are taken, so it carries on after them.
    const again = await loadGeneratedStones(
      database.db,
      10,
      { seed: 'rebuild', now },
      { rebuildIndexesFrom: 100 },
    );
    expect(again).toMatchObject({ inserted: 10, skipped: 300, rebuiltIndexes: false, nextIndex: 310 });
    expect(await stockCount()).toBe(310);
  });
});
