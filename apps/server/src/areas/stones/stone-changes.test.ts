import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStone } from '../../app/seed/stone-factory.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { markSold, statusRank } from './index.ts';
import { changeSnapshot, stonesChangedSince } from './stone-changes.ts';

/**
 * What a kept answer (the SQL path's tile counts, decision 047) relies on: a change to stones
 * committed after a snapshot is seen, whether its transaction began after the snapshot or was
 * already running then, and nothing else is.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('[STOCK] changes to stones since a snapshot', () => {
  it('sees every change committed after a snapshot, and none committed before it', async () => {
    const sold = await createStone(database.db, { lot_id: 'SINCE-1' });
    const snapshot = await changeSnapshot(database.db);
    expect(await stonesChangedSince(database.db, snapshot)).toBe(false);

    await database.db.transaction((tx) => markSold(tx, [sold.id], new Date()));
    expect(await stonesChangedSince(database.db, snapshot)).toBe(true);
    expect(await stonesChangedSince(database.db, await changeSnapshot(database.db))).toBe(false);

    // A transaction already running when the snapshot is read, committing after it. (On the
    // embedded database one connection runs one transaction at a time, so none can be running.)
    if (!database.url) return;
    const held = await createStone(database.db, { lot_id: 'SINCE-2' });
    const writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query('update stones set status = $1 where id = $2', [statusRank('Sold'), held.id]);
      // A later transaction ending first puts the writer's id below the snapshot's xmax, in its
      // list of running transactions (else the writer would simply be at or past the xmax).
      await createStone(database.db, { lot_id: 'SINCE-3' });
      const during = await changeSnapshot(database.db);
      expect(await stonesChangedSince(database.db, during)).toBe(false);
      await writer.query('commit');
      expect(await stonesChangedSince(database.db, during)).toBe(true);
    } finally {
      await writer.end();
    }
  });
});
