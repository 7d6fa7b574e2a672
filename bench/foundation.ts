import { health } from '@loupe/contract/portal';
import { benchLoginBundle } from './login-bundle.ts';
import { writeResults } from './results.ts';
import { benchStartup } from './startup.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;

/** Start-up time and the login page's JavaScript. */
export async function benchFoundation() {
  const startup = await benchStartup();
  const bundle = await benchLoginBundle();
  writeResults(
    'foundation',
    `| Figure | Goal | Result |
|---|---|---|
| Server start to first \`${health.path}\` 200, seeded PGlite (median of 5) | under 3 s | ${ms(startup.seededMedian)} (slowest ${ms(startup.seededMax)}) |
| Server start to first \`${health.path}\` 200, empty data folder (migrate + seed) | — | ${ms(startup.firstStart)} |
| JavaScript loaded by \`/v2/login\`, gzipped | under 200 KB | ${kb(bundle.gzipBytes)} in ${bundle.files} files (${kb(bundle.rawBytes)} raw) |`,
  );
}
