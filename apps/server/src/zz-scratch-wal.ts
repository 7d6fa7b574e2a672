import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diamondsUpload } from '../../../bench/import.ts';
import { PGlite } from '@electric-sql/pglite';
import { clientOf, EMBEDDED_TYPES, wrapPglite } from './platform/db/client.ts';
import { checkStockFile, writeCheckedFile } from './areas/stock-import/import-stones.ts';

const extra = (process.env.ZZ_PARAMS ?? '').split(' ').filter(Boolean);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zzwal-'));
const handle = wrapPglite(new PGlite({ dataDir: dir, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', ...extra], ...EMBEDDED_TYPES }));
await handle.migrate();
const client = clientOf(handle.db) as any;
const raw = client.execProtocolRawSync.bind(client);
let slow: number[] = [];
client.execProtocolRawSync = (m: Uint8Array) => { const t0 = performance.now(); try { return raw(m); } finally { const d = performance.now() - t0; if (d > 30) slow.push(Math.round(d)); } };
const wal = async () => (await client.query("select wal_records::text as r, wal_fpi::text as f, wal_bytes::text as b from pg_stat_wal")).rows[0];
const bytes = diamondsUpload();
for (const round of ['new', 'again']) {
  const checked = await checkStockFile(bytes, { fileName: 'd.csv', skipInvalid: false, now: new Date() });
  const w0 = await wal();
  slow = [];
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await writeCheckedFile(handle.db, checked);
  const c1 = process.cpuUsage(c0);
  const w1 = await wal();
  console.log(round, 'write ms', Math.round(performance.now() - t0), 'cpu ms', Math.round((c1.user + c1.system) / 1000),
    'wal records', Number(w1.r) - Number(w0.r), 'fpi', Number(w1.f) - Number(w0.f), 'MB', ((Number(w1.b) - Number(w0.b)) / 1e6).toFixed(1), 'slow', slow.join(','));
}
await handle.close();
