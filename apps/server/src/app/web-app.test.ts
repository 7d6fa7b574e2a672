import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import { sitePages } from '@loupe/contract/site';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePageNotFound } from '../areas/site/index.ts';
import { inlineScriptHashes, serveWebApp } from './web-app.ts';

describe('[SYSTEM] the web app’s index page', () => {
  it('allows its own inline scripts by their hashes, as browsers hash them, and only those', () => {
    const start = 'window.started=1;';
    const html = `<head><script>${start}</script><script type="module" crossorigin src="/assets/index-1.js"></script></head>`;
    const expected = createHash('sha256').update(start).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${expected}'`]);
    expect(
      inlineScriptHashes('<head><script type="module" src="/assets/index-1.js"></script></head>'),
    ).toEqual([]);
  });
});

describe('[SYSTEM] the web app’s scripts and style sheets', () => {
  const script = 'export const cut = "round brilliant";'.repeat(40);
  let distDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-web-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Loupe</title>');
    const file = path.join(distDir, 'assets', 'shell-Ab12.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    app = Fastify();
    await app.register(rateLimit, { max: 1000, timeWindow: 60_000 });
    await serveWebApp(app, distDir);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a script as the build compressed it, in the encoding the browser takes, to be kept for good', async () => {
    const brotli = await get('/assets/shell-Ab12.js', 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toBe('accept-encoding');

    const gzip = await get('/assets/shell-Ab12.js', 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/shell-Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('answers a file the build did not make with the JSON 404', async () => {
    const missing = await get('/assets/shell-Zz99.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/assets/shell-Ab12.js.br', 'br')).statusCode).toBe(404);
  });
});

describe('[SYSTEM] unknown paths with the web app built', () => {
  let distDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-web-dist-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Loupe</title>');
    app = Fastify();
    await app.register(rateLimit, { max: 1000, timeWindow: 60_000 });
    await serveWebApp(app, distDir, { pageNotFound: sitePageNotFound('https://loupe.example') });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('shows a browser the public site’s “page not found” under the site, and the JSON 404 to anyone else', async () => {
    const unknown = `${sitePages.home.path}/nope`;
    const page = await app.inject({ method: 'GET', url: unknown, headers: browser });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Page not found</h1>');
    const json = await app.inject({ method: 'GET', url: unknown, headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ code: 'NOT_FOUND' });
    const outside = await app.inject({ method: 'GET', url: '/nope', headers: browser });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
