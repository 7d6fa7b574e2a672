import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-wal-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The WAL files and the bytes of disk each one holds (a file not yet written is a hole). */
function walFiles() {
  const folder = path.join(dataDir, 'pg_wal');
  return fs
    .readdirSync(folder)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .sort()
    .map((name) => {
      const stat = fs.statSync(path.join(folder, name));
      return { name, size: stat.size, onDisk: stat.blocks * 512 };
    });
}

describe('the embedded database', () => {
  it('begins a new WAL file without writing 16 MB of zeroes into it first (decision 080)', async () => {
    const database = await openDatabase({ dataDir });
    try {
      await database.db.execute(sql`CREATE TABLE wal_probe (n int)`);
      const before = walFiles().map((file) => file.name);
      await database.db.execute(sql`SELECT pg_switch_wal()`);
      await database.db.execute(sql`INSERT INTO wal_probe VALUES (1)`);
      const added = walFiles().filter((file) => !before.includes(file.name));
      expect(added).toHaveLength(1);
      // Full size for PostgreSQL, but only the pages written so far take disk.
      expect(added[0]!.size).toBe(16 * 1024 * 1024);
      expect(added[0]!.onDisk).toBeLessThan(1024 * 1024);
    } finally {
      await database.close();
    }
  }, 120_000);
});
