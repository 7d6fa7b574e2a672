import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
for (const extra of [[], ['-c', 'wal_init_zero=off']]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zzseg-'));
  const pg = new PGlite({ dataDir: dir, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', ...extra] });
  await pg.exec('create table t (a int)');
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    await pg.query('select pg_switch_wal()');
    const t0 = performance.now();
    await pg.query('insert into t values (1)');
    times.push(Math.round(performance.now() - t0));
  }
  const plain: number[] = [];
  for (let i = 0; i < 6; i++) { const t0 = performance.now(); await pg.query('insert into t values (1)'); plain.push(Math.round(performance.now() - t0)); }
  console.log(extra.join(' ') || 'default', 'after switch', times.join(','), 'plain', plain.join(','), 'wal files', fs.readdirSync(path.join(dir, 'pg_wal')).length);
  await pg.close();
}
