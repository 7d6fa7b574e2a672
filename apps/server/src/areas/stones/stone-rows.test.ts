import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStone } from '../../app/seed/stone-factory.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { markSold, StoneRowCache, selectFlaggedStonesAmong } from './index.ts';

/**
 * A page read among known ids (decision 066): a row whose version the cache holds is taken from
 * it, any other is read whole, so a write of any column of a stone shows at the next read.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const byLot = { where: sql`true`, orderBy: [asc(stones.lotId)] };

describe('[STOCK] stone rows kept by version', () => {
  it('hands an unchanged row over from the cache, and reads again a row written since, whatever column', async () => {
    const ids = await Promise.all(
      ['ROWS-1', 'ROWS-2', 'ROWS-3'].map(async (lot_id) => (await createStone(database.db, { lot_id })).id),
    );
    const cache = new StoneRowCache();
    const read = () => selectFlaggedStonesAmong(database.db, cache, ids, byLot);
    const first = await read();
    expect(first.map((f) => f.row.lotId)).toEqual(['ROWS-1', 'ROWS-2', 'ROWS-3']);
    expect(cache.size).toBe(3);

    const again = await read();
    for (const [i, found] of again.entries()) expect(found.row).toBe(first[i]!.row);

    await database.db.execute(sql`update stones set inscription = 'LOUPE 2' where id = ${ids[1]}`);
    const after = await read();
    expect(after[0]!.row).toBe(first[0]!.row);
    expect(after[1]!.row).not.toBe(first[1]!.row);
    expect(after[1]!.row.inscription).toBe('LOUPE 2');
    expect(after[2]!.row).toBe(first[2]!.row);
    expect(Object.isFrozen(after[1]!.row)).toBe(true);
  });

  it('applies the condition and the flag to every row, kept or read', async () => {
    const ids = await Promise.all(
      ['FLAG-1', 'FLAG-2'].map(async (lot_id) => (await createStone(database.db, { lot_id })).id),
    );
    const cache = new StoneRowCache();
    await selectFlaggedStonesAmong(database.db, cache, ids, byLot);
    const flagged = await selectFlaggedStonesAmong(database.db, cache, ids, {
      ...byLot,
      flag: sql`${stones.lotId} = 'FLAG-2'`,
    });
    expect(flagged.map((f) => [f.row.lotId, f.flag])).toEqual([
      ['FLAG-1', false],
      ['FLAG-2', true],
    ]);
    await database.db.transaction((tx) => markSold(tx, [ids[0]!], new Date()));
    const available = await selectFlaggedStonesAmong(database.db, cache, ids, {
      ...byLot,
      where: sql`${stones.status} = 1`,
    });
    expect(available.map((f) => f.row.lotId)).toEqual(['FLAG-2']);
  });

  it('keeps the most recently used rows up to its bound', async () => {
    const ids = await Promise.all(
      ['LRU-1', 'LRU-2', 'LRU-3'].map(async (lot_id) => (await createStone(database.db, { lot_id })).id),
    );
    const cache = new StoneRowCache(2);
    const [one] = await selectFlaggedStonesAmong(database.db, cache, [ids[0]!], byLot);
    await selectFlaggedStonesAmong(database.db, cache, [ids[1]!], byLot);
    // Using the first again makes the second the least recently used, which the third pushes out.
    expect((await selectFlaggedStonesAmong(database.db, cache, [ids[0]!], byLot))[0]!.row).toBe(one!.row);
    await selectFlaggedStonesAmong(database.db, cache, [ids[2]!], byLot);
    expect(cache.size).toBe(2);
    expect([...cache.take(ids).keys()].sort()).toEqual([ids[0], ids[2]].sort());

    // A cache of none reads every row whole, and keeps nothing.
    const none = new StoneRowCache(0);
    const read = await selectFlaggedStonesAmong(database.db, none, ids, byLot);
    expect(read.map((f) => f.row.lotId)).toEqual(['LRU-1', 'LRU-2', 'LRU-3']);
    expect(none.size).toBe(0);
  });
});
