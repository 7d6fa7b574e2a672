import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rows, twoStepTransaction } from './client.ts';

/**
 * `twoStepTransaction` (decision 055): what the first and the last statement write is committed
 * together or not at all, whether the work stops between them or the last statement fails, and
 * the connection serves the next transaction either way. On a scratch table of its own (in the
 * shared test database on PostgreSQL, dropped after).
 */
let database: DatabaseHandle;
const probe = sql.identifier(`two_step_probe_${process.pid}_${Date.now().toString(36)}`);
const kept = async () =>
  (await rows<{ note: string }>(database.db, sql`SELECT note FROM ${probe} ORDER BY note`)).map(
    (r) => r.note,
  );
const write = (note: string) => sql`INSERT INTO ${probe} (note) VALUES (${note}) RETURNING note`;

beforeAll(async () => {
  const url = process.env.LOUPE_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  database = await openDatabase({ url, dataDir: null });
  await database.db.execute(sql`CREATE TABLE ${probe} (note text PRIMARY KEY)`);
});
afterAll(async () => {
  await database.db.execute(sql`DROP TABLE IF EXISTS ${probe}`);
  await database.close();
});

describe('a transaction of two statements', () => {
  it('commits both statements, answering each one rows', async () => {
    const answers = await twoStepTransaction(database.db, async (tx) => [
      await tx.first(write('a')),
      await tx.last(write('b')),
    ]);
    expect(answers).toEqual([[{ note: 'a' }], [{ note: 'b' }]]);
    expect(await kept()).toEqual(['a', 'b']);
  });

  it('keeps nothing when the work stops between the statements', async () => {
    await expect(
      twoStepTransaction(database.db, async (tx) => {
        await tx.first(write('c'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await kept()).toEqual(['a', 'b']);
  });

  it('keeps nothing when the last statement fails, and the next transaction goes through', async () => {
    // 'a' is there already: the last statement breaks the primary key (so does the first below).
    await expect(
      twoStepTransaction(database.db, async (tx) => {
        await tx.first(write('d'));
        return tx.last(write('a'));
      }),
    ).rejects.toThrow();
    expect(await kept()).toEqual(['a', 'b']);
    await twoStepTransaction(database.db, async (tx) => {
      await tx.first(write('e'));
      return tx.last(write('f'));
    });
    expect(await kept()).toEqual(['a', 'b', 'e', 'f']);
  });

  it('keeps nothing when the first statement fails', async () => {
    await expect(twoStepTransaction(database.db, (tx) => tx.first(write('a')))).rejects.toThrow();
    await twoStepTransaction(database.db, async (tx) => {
      await tx.first(write('g'));
      return tx.last(sql`SELECT 1 AS one`);
    });
    expect(await kept()).toEqual(['a', 'b', 'e', 'f', 'g']);
  });
});
