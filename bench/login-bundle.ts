import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer, stopServer, waitForHealth } from './lib.ts';

/** Opens /v2/login in Chromium and adds up the JavaScript it loads, gzipped at level 9 as a CDN would. */
export async function benchLoginBundle() {
  const port = Number(process.env.BENCH_LOGIN_PORT ?? 3302);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-bundle-'));
  const child = startServer({ PORT: String(port), DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    await waitForHealth(port, performance.now());
    const page = await browser.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body();
      scripts.push({
        url: new URL(res.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    });
    await page.goto(`http://127.0.0.1:${port}/v2/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    return {
      files: scripts.length,
      rawBytes: scripts.reduce((s, f) => s + f.raw, 0),
      gzipBytes: scripts.reduce((s, f) => s + f.gzip, 0),
    };
  } finally {
    await browser.close();
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
