import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from '@loupe/contract/auth';
import { errorBody } from '@loupe/contract/errors';
import { requestLine } from '@loupe/contract/request';
import type { ResponseOf } from '@loupe/contract/route';
import { searchStones } from '@loupe/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, distDir, serverDir } from '../../build.ts';
import { freePort, spawnServer } from '../test/server-process.ts';
import { DEMO_BUYER_EMAIL } from './seed/demo-orders.ts';
import { DEMO_PASSWORD } from './seed/factories.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-start-'));
// `npm start` runs the compiled server (decision 025): the test starts what ships.
beforeAll(() => buildServer(), 60_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * Starts the built server on the embedded database in `dataDir` (seeding it if empty) and waits
 * until it says it is ready; `output()` is everything it printed.
 */
async function startBuilt(nodeEnv: string) {
  const port = String(await freePort());
  const server = spawnServer(serverDir, [path.join(distDir, 'main.js')], {
    NODE_ENV: nodeEnv,
    HOST: '',
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    SEED_DEMO: 'true',
    SEED_STONES: '500',
    PORT: port,
    LOG_LEVEL: 'warn',
  });
  return { port, ...server };
}

describe('the first start', () => {
  it('says what it is doing from the first moment (creating, migrating, generating the stones), and listens on loopback by default', async () => {
    const { port, child, ready, output } = await startBuilt('');
    try {
      await ready;
    } finally {
      child.kill('SIGTERM');
    }
    const lines = output()
      .split('\n')
      .filter((l) => l.startsWith('loupe: '));
    expect(lines[0]).toBe(`loupe: opening the embedded database in ${dataDir}`);
    expect(lines).toContain('loupe: creating and migrating the database (once, on the first start)');
    expect(lines).toContain('loupe: generating 500 demo stones (once, on the first start)');
    expect(lines).toContain('loupe: generated 500 of 500 stones; indexing them for search');
    expect(lines.at(-1)).toBe(`loupe: ready at http://127.0.0.1:${port}`);
  }, 180_000);
});

describe('a seeded start', () => {
  it('answers its first requests as it should: a bad body 400, the demo buyer logged in, a search of the seeded stones', async () => {
    // The folder the first start seeded (or, run alone, this start seeds it first). The build
    // bundles zod and drizzle-orm and loads the password hashing on the first login (decision 050).
    const { port, child, ready } = await startBuilt('production');
    const call = (line: { method: string; url: string }, body: string, token?: string) =>
      fetch(`http://127.0.0.1:${port}${line.url}`, {
        method: line.method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
    try {
      await ready;
      const bad = await call(requestLine(login), JSON.stringify({ email: DEMO_BUYER_EMAIL }));
      expect(bad.status).toBe(400);
      expect(errorBody.parse(await bad.json()).code).toBe('VALIDATION_FAILED');

      const loggedIn = await call(
        requestLine(login),
        JSON.stringify({ email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD }),
      );
      expect(loggedIn.status).toBe(200);
      const { access_token: token } = (await loggedIn.json()) as ResponseOf<typeof login>;

      const found = await call(requestLine(searchStones), JSON.stringify({ limit: 5, facets: true }), token);
      expect(found.status).toBe(200);
      const page = (await found.json()) as ResponseOf<typeof searchStones>;
      expect(page.count).toBeGreaterThan(0);
      expect(page.stones).toHaveLength(5);
      expect(Object.keys(page.facets ?? {}).length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
  }, 180_000);
});

describe('the build', () => {
  it('records the chunks it wrote, every one the entries import among them, so the next build keeps them', () => {
    const chunksDir = path.join(distDir, 'chunks');
    const [newest] = JSON.parse(fs.readFileSync(path.join(chunksDir, 'builds.json'), 'utf8')) as string[][];
    const imported = ['main.js', 'cli.js'].flatMap((entry) =>
      [...fs.readFileSync(path.join(distDir, entry), 'utf8').matchAll(/"\.\/chunks\/([^"]+)"/g)].map(
        (m) => m[1],
      ),
    );
    expect(imported.length).toBeGreaterThan(0);
    expect(newest).toEqual(expect.arrayContaining(imported));
    for (const name of newest!) expect(fs.existsSync(path.join(chunksDir, name)), name).toBe(true);
  });
});
