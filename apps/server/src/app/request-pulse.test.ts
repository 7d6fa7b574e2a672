import http from 'node:http';
import { requestLine } from '@loupe/contract/request';
import { searchStones } from '@loupe/contract/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../test/test-app.ts';
import { createCustomer } from './seed/factories.ts';

/**
 * What the upload gives way to (decision 062): a customer's request is under way from its route's
 * first hook until its answer has been sent or its connection cut, so the upload waits for its
 * authentication and its body too, not only for its handler; and a request refused on the way is
 * over with its answer, or the upload would wait out its patience after each.
 */

type RequestPulse = typeof import('../platform/http/request-pulse.ts');
let requestsAnswered: RequestPulse['requestsAnswered'];
let t: TestApp;
let base: string;
/** A customer's session, read (and on PGlite kept) by the tests' searches. */
let token: string;
/** A new customer's session, never read yet: on PGlite a session read once is kept, and read no more. */
let freshSession: () => Promise<string>;

// The request clock is one per process, and this worker's other files run apps that use it: this
// file takes it afresh, with an app of its own built on that same clock.
beforeAll(async () => {
  vi.resetModules();
  const { createTestApp, logInAs } = await import('../test/test-app.ts');
  ({ requestsAnswered } = await import('../platform/http/request-pulse.ts'));
  t = await createTestApp();
  base = await t.listen();
  freshSession = async () => {
    const customer = await createCustomer(t.deps.db, { kycStatus: 'approved' });
    return logInAs(t.app, customer.email, customer.password);
  };
  token = await freshSession();
});
afterAll(() => t?.close());

/**
 * Whether a request is under way (begun within the last minute): what the upload's waits look at.
 * A longest wait of 0 asks without waiting.
 */
const underWay = () => requestsAnswered(60_000, 0) !== undefined;

/** Whether `promise` has settled once the event loop has turned a few times. */
async function settled(promise: Promise<unknown> | undefined): Promise<boolean> {
  if (!promise) return true;
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

/**
 * A search over a connection of its own, its request line and headers sent at once: the test
 * sends the body (`request.end(body)`, or in pieces) when it chooses.
 */
function startSearch(bearer: string, bodyBytes: number) {
  const line = requestLine(searchStones);
  const request = http.request(`${base}${line.url}`, {
    method: line.method,
    agent: false,
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      'content-length': String(bodyBytes),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return { request, answer };
}

/** Sends a whole search and answers what came back. */
function search(bearer: string, body: string) {
  const { request, answer } = startSearch(bearer, Buffer.byteLength(body));
  request.end(body);
  return answer;
}

/** Holds the sessions (a lock until `release`): a request's authentication, its look-up of the session, waits. */
async function holdSessions() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const held = t.deps.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`);
    locked();
    await released;
  });
  await Promise.race([lockTaken, held]);
  return {
    release: async () => {
      release();
      await held;
    },
  };
}

describe('a request is under way from its first hook until its answer is sent (decision 062, amended)', () => {
  it('the upload waits for a search whose authentication waits for the database', async () => {
    const freshToken = await freshSession();
    const sessions = await holdSessions();
    const answer = search(freshToken, '{}');
    try {
      await expect.poll(underWay).toBe(true);
      const waiting = requestsAnswered(60_000, 60_000);
      expect(await settled(waiting)).toBe(false);
      expect(await settled(answer)).toBe(false);
      await sessions.release();
      expect((await answer).status).toBe(200);
      await expect.poll(() => settled(waiting)).toBe(true);
    } finally {
      await sessions.release();
    }
    expect(underWay()).toBe(false);
  });

  it('the upload waits for a search whose body is still on its way', async () => {
    const body = JSON.stringify({ filters: {}, limit: 20 });
    const { request, answer } = startSearch(token, Buffer.byteLength(body));
    try {
      request.write(body.slice(0, 10));
      await expect.poll(underWay).toBe(true);
      const waiting = requestsAnswered(60_000, 60_000);
      expect(await settled(waiting)).toBe(false);
      request.end(body.slice(10));
      expect((await answer).status).toBe(200);
      await expect.poll(() => settled(waiting)).toBe(true);
    } finally {
      // A connection left half sent would hold the server's close.
      request.destroy();
    }
    expect(underWay()).toBe(false);
  });

  it('a search whose client hangs up is over, even while its authentication still waits', async () => {
    const freshToken = await freshSession();
    const sessions = await holdSessions();
    const { request, answer } = startSearch(freshToken, 2);
    answer.catch(() => undefined);
    try {
      request.write('{');
      await expect.poll(underWay).toBe(true);
      request.destroy();
      await expect.poll(underWay).toBe(false);
    } finally {
      request.destroy();
      await sessions.release();
    }
  });

  it('no refused request stays under way: a 401 in authentication, a 400 in validation', async () => {
    expect((await search('not-a-session-token', '{}')).status).toBe(401);
    await expect.poll(underWay).toBe(false);
    expect((await search(token, JSON.stringify({ limit: 0 }))).status).toBe(400);
    await expect.poll(underWay).toBe(false);
    // The same customer's next search is answered as ever.
    expect((await search(token, '{}')).status).toBe(200);
    await expect.poll(underWay).toBe(false);
  });
});
