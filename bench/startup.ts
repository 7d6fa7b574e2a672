import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, startServer, stopServer, waitForHealth } from './lib.ts';

/** Server start to the first 200 from the health route: once on an empty data folder, then five times seeded. */
export async function benchStartup() {
  const port = Number(process.env.BENCH_PORT ?? 3301);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-start-'));
  const run = async () => {
    const t0 = performance.now();
    const child = startServer({ PORT: String(port), DATA_DIR: dataDir });
    const ms = await waitForHealth(port, t0);
    await stopServer(child);
    return ms;
  };
  try {
    const firstStart = await run();
    const seeded: number[] = [];
    for (let i = 0; i < 5; i++) seeded.push(await run());
    return { firstStart, seededMedian: median(seeded), seededMax: Math.max(...seeded) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
