import os from 'node:os';
import { health } from '@loupe/contract/portal';
import { benchLoginBundle } from './login-bundle.ts';
import { writeResults } from './results.ts';
import { benchStartup } from './startup.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;

/** Start-up time and the login page's JavaScript. */
export async function benchFoundation() {
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const startup = await benchStartup();
  const bundle = await benchLoginBundle();
  const loadAfter = os.loadavg()[0]!.toFixed(1);
  writeResults(
    'foundation',
    `Load average ${loadBefore} at the start, ${loadAfter} at the end (others share the cores). The server is the compiled one (\`node apps/server/dist/main.js\`, decision 025); before it, \`tsx\` ran the source: 2410 ms seeded, 8240 ms first start, measured 2026-11-22.

| Figure | Goal | Result |
|---|---|---|
| Server start to first \`${health.path}\` 200, seeded PGlite (median of 5) | under 1.5 s | ${ms(startup.seededMedian)} (slowest ${ms(startup.seededMax)}) |
| Server start to first \`${health.path}\` 200, empty data folder (migrate + seed) | under 20 s | ${ms(startup.firstStart)} |
| JavaScript loaded by \`/v2/login\`, gzipped | under 150 KB | ${kb(bundle.gzipBytes)} in ${bundle.files} files (${kb(bundle.rawBytes)} raw) |`,
  );
}
