import fs from 'node:fs';
import path from 'node:path';
import { machine } from './lib.ts';
import { benchLoginBundle } from './login-bundle.ts';
import { benchStartup } from './startup.ts';

/**
 * `npm run bench` (after `npm run build`): measures and rewrites the results block of bench/README.md.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;

const startup = await benchStartup();
const bundle = await benchLoginBundle();

const results = `<!-- results:start -->
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.

| Figure | Goal | Result |
|---|---|---|
| Server start to first \`/health\` 200, seeded PGlite (median of 5) | under 3 s | ${ms(startup.seededMedian)} (slowest ${ms(startup.seededMax)}) |
| Server start to first \`/health\` 200, empty data folder (migrate + seed) | — | ${ms(startup.firstStart)} |
| JavaScript loaded by \`/v2/login\`, gzipped | under 200 KB | ${kb(bundle.gzipBytes)} in ${bundle.files} files (${kb(bundle.rawBytes)} raw) |
<!-- results:end -->`;

const readme = path.join(import.meta.dirname, 'README.md');
const text = fs.readFileSync(readme, 'utf8');
fs.writeFileSync(readme, text.replace(/<!-- results:start -->[\s\S]*<!-- results:end -->/, results));
process.stdout.write(`${results}\n`);
