import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../server-folder.ts';
import type { Database } from './client.ts';

/** When the newest SQL migration was made: drizzle records it as the migration's `created_at`. */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database has every migration already: its newest recorded migration is the
 * journal's newest, so drizzle's migrator would apply nothing. One query, where the migrator
 * creates its schema and table if missing, reads them and hashes every SQL file (issue 18: the
 * seeded start). A database without the table has never been migrated.
 */
export async function migrationsUpToDate(db: Database): Promise<boolean> {
  try {
    const { rows } = await db.execute<{ created_at: string | number }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    return rows.length === 1 && Number(rows[0]!.created_at) === newestMigration();
  } catch {
    return false;
  }
}
