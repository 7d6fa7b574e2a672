import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sitePages } from '@loupe/contract/site';
import { type Browser, chromium } from '@playwright/test';
import { median, startServer, stopServer, waitForHealth } from './lib.ts';
import { writeResults } from './results.ts';

const RUNS = Number(process.env.BENCH_SITE_RUNS ?? 5);

interface ColdLoad {
  lcp: number;
  fcp: number;
  load: number;
  bytes: number;
  requests: number;
}

/**
 * One cold load: a fresh browser context (empty cache, no cookies), the page opened and left until
 * the load event, then the browser's own largest-contentful-paint and first-contentful-paint entries.
 */
async function coldLoad(browser: Browser, url: string): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  let bytes = 0;
  let requests = 0;
  page.on('response', async (res) => {
    requests += 1;
    bytes += Number(
      res.headers()['content-length'] ?? (await res.body().catch(() => Buffer.alloc(0))).length,
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  const figures = await page.evaluate(
    () =>
      new Promise<{ lcp: number; fcp: number; load: number }>((resolve) => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          // Read after the largest paint: by then the first paint is recorded too.
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          resolve({
            lcp: entries.at(-1)?.startTime ?? Number.NaN,
            fcp,
            load: nav?.loadEventEnd ?? Number.NaN,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { ...figures, bytes, requests };
}

/** The public site's pages loaded cold in Chromium: LCP, FCP and load time (median of RUNS). */
export async function benchSite() {
  const port = Number(process.env.BENCH_PORT ?? 3303);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-site-'));
  const child = startServer({ PORT: String(port), DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const rows: string[] = [];
  try {
    await waitForHealth(port, performance.now(), 180_000);
    for (const page of Object.values(sitePages)) {
      const url = `http://127.0.0.1:${port}${page.path}`;
      await coldLoad(browser, url); // the server's own first answer of the page is not a buyer's cold load
      const runs: ColdLoad[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, url));
      const lcp = runs.map((r) => r.lcp);
      rows.push(
        `| \`${page.path}\` | ${Math.round(median(lcp))} ms (slowest ${Math.round(Math.max(...lcp))} ms) | ${Math.round(median(runs.map((r) => r.fcp)))} ms | ${Math.round(median(runs.map((r) => r.load)))} ms | ${runs[0]!.requests} / ${(runs[0]!.bytes / 1024).toFixed(1)} KB |`,
      );
    }
  } finally {
    await browser.close();
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  writeResults(
    'site',
    `Load average ${loadBefore} at the start (others may share the cores). Each figure is the median of ${RUNS} cold loads (a fresh browser context: empty cache, no cookies) from the same machine, at 1440 × 900.

| Page | LCP (goal ≤ 1.5 s) | FCP | Load event | Requests / bytes |
|---|---|---|---|---|
${rows.join('\n')}`,
  );
}
