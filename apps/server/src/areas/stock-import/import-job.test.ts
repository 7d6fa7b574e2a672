import { importStock, stockImportStatus } from '@loupe/contract/stock-import';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../platform/db/client.ts';
import { stockImports, stones } from '../../platform/db/schema/index.ts';
import { callRoute } from '../../test/call-route.ts';
import { createTestApp, OPERATOR_TOKEN, type TestApp } from '../../test/test-app.ts';
import { statisticsRefreshed } from '../stones/index.ts';
import { describeImport } from './stock-commands.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADER = 'Stock #,Shape,Weight,Color,Clarity,Discount %';
function file(prefix: string, count: number, lastRow?: string) {
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `${prefix}-${String(i + 1).padStart(5, '0')},Round,${(0.3 + (i % 150) / 100).toFixed(2)},G,VS1,-30`,
  );
  if (lastRow) rows.push(lastRow);
  return Buffer.from(`${[HEADER, ...rows].join('\n')}\n`);
}

async function countFrom(prefix: string) {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(stones)
    .where(sql`lot_id LIKE ${`${prefix}-%`}`);
  return row!.n;
}

const status = (importId: string) =>
  callRoute(t.app, stockImportStatus, { token: OPERATOR_TOKEN, params: { importId } });

describe('[STOCK] stock import job', () => {
  it('is queued when the upload passes its check, then written by its job, its progress and report kept', async () => {
    await t.deps.db.execute(sql`DELETE FROM pg_statistic WHERE starelid = 'stones'::regclass`);
    const res = await callRoute(t.app, importStock, {
      token: OPERATOR_TOKEN,
      upload: { name: 'job.csv', content: file('JOB', 1_200) },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ file_name: 'job.csv', rows: 1_200, total: 1_200 });
    // The upload wakes this instance's job runner, so its job may be under way or done already.
    const before = await status(res.body.import_id);
    expect(before.body).toMatchObject({ total: 1_200, error: null });
    expect(['queued', 'running', 'done']).toContain(before.body.state);

    await t.runDueJobs();
    const after = await status(res.body.import_id);
    expect(after.body).toMatchObject({ state: 'done', written: 1_200, total: 1_200, error: null });
    expect(describeImport(after.body.report!)).toBe(
      'Imported job.csv: 1,200 rows read, 1,200 stones imported (1,200 new, 0 updated), 0 skipped as not available, 0 invalid.',
    );
    expect(await countFrom('JOB')).toBe(1_200);
    // The file is not kept once it is in.
    const [kept] = await t.deps.db
      .select({ content: stockImports.content })
      .from(stockImports)
      .where(sql`id = ${res.body.import_id}`);
    expect(kept?.content).toBeNull();
    // The planner's statistics are refreshed after it (on PGlite once requests pause).
    await statisticsRefreshed(t.deps.db);
    const [analysed] = await rows<{ n: number }>(
      t.deps.db,
      sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'stones' AND attname = 'shape'`,
    );
    expect(analysed?.n).toBe(1);
  });

  it('is written from the kept file by an instance that did not check the upload', async () => {
    // The upload arrives at an instance that runs no jobs; this test's instance runs the job.
    const front = await createTestApp({ background: false }, { database: t.database });
    try {
      const res = await callRoute(front.app, importStock, {
        token: OPERATOR_TOKEN,
        upload: { name: 'kept.csv', content: file('KEPT', 700) },
      });
      expect(res.status).toBe(201);
      await t.runDueJobs();
      const after = await status(res.body.import_id);
      expect(after.body).toMatchObject({ state: 'done', written: 700, total: 700, error: null });
      expect(await countFrom('KEPT')).toBe(700);
    } finally {
      await front.close();
    }
  });

  it('writes nothing and queues nothing when the last of 3,000 rows is bad', async () => {
    const jobsBefore = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(stockImports);
    const res = await callRoute(t.app, importStock, {
      token: OPERATOR_TOKEN,
      upload: { name: 'late.csv', content: file('LATE', 3_000, 'LATE-09999,Kite,0.5,G,VS1,-30') },
    });
    expect(res.status).toBe(400);
    expect(res.error?.message).toContain('Nothing imported from late.csv: 1 row of 3,001 is invalid.');
    expect(res.error?.message).toContain('Line 3002 (LATE-09999): Shape "Kite" is not known');
    await t.runDueJobs();
    expect(await countFrom('LATE')).toBe(0);
    const jobsAfter = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(stockImports);
    expect(jobsAfter).toEqual(jobsBefore);
  });

  it('answers 404 for an import that does not exist', async () => {
    const res = await status('00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.error?.code).toBe('NOT_FOUND');
  });
});
