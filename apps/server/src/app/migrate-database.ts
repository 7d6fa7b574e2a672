import { moveProfilePhotosToStorage } from '../areas/customers/index.ts';
import type { DatabaseHandle } from '../platform/db/client.ts';
import { migrationsUpToDate } from '../platform/db/migration-state.ts';
import type { Storage } from '../platform/storage/storage.ts';

/**
 * Brings a database up to date: first the data migrations that must run before an SQL migration
 * drops what they read (decision 014's profile photos, before 0018 drops their columns), then the
 * SQL migrations. The server's start and the command line both migrate through it. A database
 * that has the newest migration already needs neither (the data migrations run only before the
 * SQL migration that follows them).
 */
export async function migrateDatabase(database: Pick<DatabaseHandle, 'db' | 'migrate'>, storage: Storage) {
  if (await migrationsUpToDate(database.db)) return;
  await moveProfilePhotosToStorage(database.db, storage);
  await database.migrate();
}
