import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { health as healthRoute } from '@loupe/contract/portal';
import { exportStones } from '@loupe/contract/stock-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { injectRoute } from '../test/call-route.ts';
import { loggedInCustomer, stockOf } from '../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A built web app in miniature: a script with the .br and .gz copies the build writes beside it. */
const SCRIPT = `console.log(${JSON.stringify('a diamond is forever '.repeat(200))});`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'loupe-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Loupe</title>');
  const script = path.join(webDist, 'assets', 'app-1234.js');
  await fs.writeFile(script, SCRIPT);
  await fs.writeFile(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  await fs.writeFile(`${script}.gz`, zlib.gzipSync(SCRIPT));
  t = await createTestApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      WEB_DIST: webDist,
      RATE_LIMIT_PER_IP: '10000',
    }),
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('[SYSTEM] compression', () => {
  it('sends API answers of 1 KB and more compressed to clients that accept it, the same JSON inside', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

    const brotli = await t.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    // A small answer is not worth it.
    const health = await injectRoute(t.app, healthRoute, { headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('serves the web app’s scripts from the copies compressed at build', async () => {
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('passes a spreadsheet through as it is: an .xlsx is compressed already', async () => {
    await stockOf(
      t,
      Array.from({ length: 30 }, () => ({})),
    );
    const buyer = await loggedInCustomer(t);
    const res = await injectRoute(t.app, exportStones, {
      headers: { authorization: `Bearer ${buyer.token}`, 'accept-encoding': 'gzip, br' },
      rawBody: { previous_searchs: {} },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    // A zip file, as Excel reads it.
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
