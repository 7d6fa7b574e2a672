import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsUpToDate } from '../platform/db/migration-state.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-app.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('migrations up to date', () => {
  it('holds for a database with every migration, so the start skips the migrator', async () => {
    database = await openTestDatabase();
    expect(await migrationsUpToDate(database.db)).toBe(true);
  });

  it('does not hold when the newest migration is missing, nor without the migrations table', async () => {
    database = await openTestDatabase();
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await migrationsUpToDate(database.db)).toBe(false);
    await database.db.execute(sql`drop table drizzle.__drizzle_migrations`);
    expect(await migrationsUpToDate(database.db)).toBe(false);
  });
});
