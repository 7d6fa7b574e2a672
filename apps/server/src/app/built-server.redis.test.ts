import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { login } from '@loupe/contract/auth';
import { sendNotice } from '@loupe/contract/notices';
import { requestLine } from '@loupe/contract/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, distDir, serverDir } from '../../build.ts';
import { adminQuery } from '../test/postgres-admin.ts';
import { freePort, spawnServer } from '../test/server-process.ts';
import { connectSocket, type TestSocket } from '../test/sockets.ts';

/**
 * What ships, across instances: two processes of the built server (`dist/main.js`, as `npm start`
 * runs it) on one PostgreSQL database and one Redis, as behind a load balancer. The source's own
 * test of this (`realtime.redis.test.ts`) runs through Vitest; the bundle is what decision 072 found
 * could lose the other instance's broadcasts while every source test passed.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `loupe_built_${process.pid}_${Date.now().toString(36)}`;
const OPERATOR_TOKEN = 'operator-token-for-the-built-servers-0123';
const DEMO_PASSWORD = 'Loupe-demo-2026!';
const servers: ChildProcessWithoutNullStreams[] = [];
const urls: string[] = [];

const admin = (query: string) => adminQuery(adminUrl, query);

/** Two instances share a database only on PostgreSQL; the CI run always gives one. */
describe.runIf(adminUrl)('[REALTIME] the built server, two instances through Redis', () => {
  beforeAll(async () => {
    await buildServer();
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const server = spawnServer(serverDir, [path.join(distDir, 'main.js')], {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        REDIS_URL: process.env.TEST_REDIS_URL!,
        OPERATOR_TOKEN,
        WEB_DIST: '/nonexistent',
        SEED_DEMO: 'true',
        SEED_STONES: '200',
        PORT: String(port),
        LOG_LEVEL: 'warn',
      });
      servers.push(server.child);
      await server.ready;
      urls.push(`http://127.0.0.1:${port}`);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(undefined);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  async function logIn(baseUrl: string): Promise<string> {
    const line = requestLine(login);
    const res = await fetch(`${baseUrl}${line.url}`, {
      method: line.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@loupe.test', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('delivers every notice to a tab on each instance, whichever instance sends it', async () => {
    // A tab on each instance: each notice reaches one of them only through Redis.
    const tabs: TestSocket[] = [];
    for (const url of urls) tabs.push(await connectSocket(url, await logIn(url)));
    try {
      const line = requestLine(sendNotice, { params: { email: 'buyer@loupe.test' } });
      const titles = Array.from({ length: 6 }, (_, i) => `Memo ${i + 1} is ready`);
      for (const [i, title] of titles.entries()) {
        const res = await fetch(`${urls[i % 2]}${line.url}`, {
          method: line.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${OPERATOR_TOKEN}` },
          body: JSON.stringify({ title, message: 'Your memo is ready to collect.' }),
        });
        expect(res.status, await res.text()).toBe(201);
      }
      for (const tab of tabs) {
        await expect
          .poll(() =>
            tab.events
              .map((event) => (event.change === 'created' ? event.notice.title : undefined))
              .filter((title) => title?.startsWith('Memo '))
              .sort(),
          )
          .toEqual([...titles].sort());
      }
    } finally {
      for (const tab of tabs) tab.close();
    }
  });
});
