import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from '@loupe/contract/auth';
import type { BidStones } from '@loupe/contract/bidding';
import { requestLine } from '@loupe/contract/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDir } from '../../build.ts';
import { connectBidder } from '../test/bidding-kit.ts';
import { adminQuery } from '../test/postgres-admin.ts';
import { freePort, spawnServer } from '../test/server-process.ts';

/**
 * Issue 12, "a server killed with kill -9 and restarted loses no acknowledged bid": the real
 * server (the embedded database in a data directory of its own) acknowledges a run of bids and
 * raises, is killed with SIGKILL the moment the last acknowledgement arrives, and once started
 * again on the same directory shows every acknowledged bid at its last acknowledged value. In the
 * PostgreSQL project the server runs on a throwaway database of TEST_DATABASE_URL instead.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bid-crash-'));
/** Where the server listens: a free port at each start (the restart may be given another). */
let baseUrl = '';
const DEMO_PASSWORD = 'Loupe-demo-2026!';
let child: ChildProcessWithoutNullStreams | undefined;
const adminUrl = process.env.LOUPE_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const dbName = `loupe_crash_${process.pid}_${Date.now().toString(36)}`;
let databaseUrl = '';

const admin = (query: string) => adminQuery(adminUrl, query);

beforeAll(async () => {
  if (!adminUrl) return;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

/** Starts the server as `npm run dev` does and resolves once it listens. */
async function startServer(): Promise<ChildProcessWithoutNullStreams> {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const server = spawnServer(serverDir, ['--import', 'tsx', path.join(serverDir, 'src/app/main.ts')], {
    NODE_ENV: '',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    SEED_DEMO: 'true',
    SEED_STONES: '600',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  await server.ready;
  return server.child;
}

async function logIn(email: string): Promise<string> {
  const line = requestLine(login);
  const res = await fetch(`${baseUrl}${line.url}`, {
    method: line.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function killed(process: ChildProcessWithoutNullStreams): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => {
    process.removeAllListeners('exit');
    process.once('exit', (_code, signal) => resolve(signal));
    process.kill('SIGKILL');
  });
}

describe('[BIDDING] a server killed with SIGKILL', () => {
  it('loses no acknowledged bid: after the restart every bid stands at its last acknowledged value', async () => {
    child = await startServer();
    const token = await logIn('buyer@loupe.test');
    const bidder = await connectBidder(baseUrl, token);
    const view = await bidder.refresh();
    const open = view.bidStone.filter((stone) => stone.discount !== null).slice(0, 10);
    expect(open.length).toBeGreaterThan(0);

    // Bids on up to 10 stones, then raises, each acknowledged before the next.
    // Whatever the demo's buyer already bid stays as it was.
    const acknowledged = new Map(view.activeStone.map((stone) => [stone.id, stone.my_current_bid]));
    for (let round = 0; round < 3; round += 1) {
      for (const stone of open) {
        const value = Math.min(99.75, Math.ceil((stone.discount! + 0.25) / 0.25) * 0.25 + round * 0.5);
        const answer = await bidder.bid(stone.id, value);
        expect(answer).toEqual({ status: 'success', product_id: stone.id, bid_value: value });
        acknowledged.set(stone.id, value);
      }
    }
    // The moment the last acknowledgement is in: no shutdown, no flush.
    expect(await killed(child)).toBe('SIGKILL');
    bidder.close();

    child = await startServer();
    const again = await connectBidder(baseUrl, await logIn('buyer@loupe.test'));
    const after: BidStones = await again.refresh();
    const standing = new Map(after.activeStone.map((stone) => [stone.id, stone.my_current_bid]));
    expect(Object.fromEntries(standing)).toEqual(Object.fromEntries(acknowledged));
    again.close();
  }, 300_000);
});
