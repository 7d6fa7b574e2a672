import http, { type IncomingHttpHeaders } from 'node:http';
import { requestLine } from '@loupe/contract/request';
import { exportStones } from '@loupe/contract/stock-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { readSpreadsheetValues } from '../../test/read-spreadsheet.ts';
import { copiesOf, loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The export over a real connection: the file is sent while the stones are still being read,
 * and a failure after the first bytes cuts the connection instead of ending a truncated file
 * as if it were complete.
 */

const STONES = 5_000;
let t: TestApp;
/** A second server on the same database, whose statements on the stones fail from the `failAt`-th on. */
let flaky: TestApp;
let stoneReads = 0;
let failAt: number | null = null;
let base: string;
let token: string;

/**
 * A statement on the stones, at any step of its building (or once prepared), whose running fails
 * from the `failAt`-th statement run on the stones on.
 */
function failingFrom<T extends object>(statement: T): T {
  return new Proxy(statement, {
    get(inner, key, receiver) {
      const member: unknown = Reflect.get(inner, key, receiver);
      if (typeof member !== 'function') return member;
      // Awaiting a built statement calls `then`; a prepared one runs with `execute`.
      const runs = key === 'then' || key === 'execute';
      return (...args: unknown[]) => {
        if (runs && failAt !== null && ++stoneReads >= failAt) {
          throw new Error('the connection to the database was lost');
        }
        const result: unknown = member.apply(inner, args);
        return !runs && result !== null && typeof result === 'object' ? failingFrom(result) : result;
      };
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const failing = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'select') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: Parameters<Database['select']>) => {
        const query = target.select(...args);
        return new Proxy(query, {
          get(inner, key, innerReceiver) {
            const member = Reflect.get(inner, key, innerReceiver);
            if (key !== 'from' || typeof member !== 'function') return member;
            return (table: unknown) => {
              const from = member.call(inner, table);
              return table === stones ? failingFrom(from) : from;
            };
          },
        });
      };
    },
  }) as Database;
  flaky = await createTestApp({ db: failing }, { database: t.database });
  base = await flaky.listen();
  token = (await loggedInCustomer(t)).token;
  await stockOf(t, [{ lot_id: 'STREAM-TEMPLATE' }]);
  await copiesOf(t, 'STREAM-TEMPLATE', STONES - 1, 'STREAM-');
});
afterAll(async () => {
  await flaky.close();
  await t.close();
});

interface Download {
  status: number;
  headers: IncomingHttpHeaders;
  /** The whole body, or a failure when the connection ended before the response was complete. */
  body: Promise<Buffer>;
  abandon(): void;
}

/** A download over a connection of its own (no keep-alive, so the servers can close at once). */
function download(): Promise<Download> {
  const line = requestLine(exportStones);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${line.url}`,
      {
        method: line.method,
        agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        const body = new Promise<Buffer>((complete, fail) => {
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', () => undefined);
          res.on('close', () =>
            res.complete ? complete(Buffer.concat(chunks)) : fail(new Error('the download was cut off')),
          );
        });
        body.catch(() => undefined);
        resolve({ status: res.statusCode!, headers: res.headers, body, abandon: () => request.destroy() });
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

describe('[EXPORT] streaming', () => {
  it('delivers the whole result as one complete file', async () => {
    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const [sheet] = await readSpreadsheetValues(await res.body);
    expect(sheet!.rows[sheet!.rows.length - 1]![1]).toBe(STONES);
  }, 60_000);

  it('cuts the connection when the stones cannot be read any more after the file began', async () => {
    // The search itself and four batches of stones are read; the fifth batch fails.
    stoneReads = 0;
    failAt = 6;
    try {
      const res = await download();
      expect(res.status).toBe(200);
      await expect(res.body).rejects.toThrow('the download was cut off');
    } finally {
      failAt = null;
    }
    // The server goes on serving.
    const again = await download();
    expect(again.status).toBe(200);
    expect((await again.body).byteLength).toBeGreaterThan(0);
  }, 60_000);

  it('answers a normal JSON error when the stones cannot be read before the file began', async () => {
    stoneReads = 0;
    failAt = 1;
    try {
      const res = await download();
      expect(res.status).toBe(500);
      expect(JSON.parse((await res.body).toString())).toEqual({
        code: 'INTERNAL',
        message: 'Something went wrong',
      });
    } finally {
      failAt = null;
    }
  });

  it('stops working on a download the buyer abandons', async () => {
    const res = await download();
    expect(res.status).toBe(200);
    res.abandon();
    await expect(res.body).rejects.toThrow();
    const again = await download();
    expect(again.status).toBe(200);
    const [sheet] = await readSpreadsheetValues(await again.body);
    expect(sheet!.rows[sheet!.rows.length - 1]![1]).toBe(STONES);
  }, 60_000);
});
