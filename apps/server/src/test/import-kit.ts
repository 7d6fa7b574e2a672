import { importStock, stockImportStatus } from '@loupe/contract/stock-import';
import { eq, sql } from 'drizzle-orm';
import { describeImport } from '../areas/stock-import/index.ts';
import { type StoneRow, toStone } from '../areas/stones/index.ts';
import { stones } from '../platform/db/schema/index.ts';
import { callRoute } from './call-route.ts';
import { OPERATOR_TOKEN, type TestApp } from './test-app.ts';

/**
 * A stock upload as the command line makes it: the file to the import route (checked there, a
 * refused file answered 400), then the import's job run and its status read, report included.
 */
export async function importThroughJob(
  t: TestApp,
  name: string,
  content: string | Buffer,
  options: { skipInvalid?: boolean } = {},
) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const res = await callRoute(t.app, importStock, {
    token: OPERATOR_TOKEN,
    upload: { name, content: bytes, fields: { skip_invalid: String(options.skipInvalid ?? false) } },
  });
  if (res.status !== 201)
    return { status: res.status, error: res.error, started: undefined, final: undefined };
  await t.runDueJobs();
  const final = await callRoute(t.app, stockImportStatus, {
    token: OPERATOR_TOKEN,
    params: { importId: res.body.import_id },
  });
  return { status: res.status, error: undefined, started: res.body, final: final.body };
}

/**
 * Runs `stock import` as the command line does: the file's bytes ride along to the operator route,
 * and a success reads as the operator sees it.
 */
export async function importAsCommand(
  t: TestApp,
  name: string,
  content: string | Buffer,
  options: string[] = [],
) {
  const res = await importThroughJob(t, name, content, { skipInvalid: options.includes('--skip-invalid') });
  return {
    statusCode: res.status,
    error: res.error,
    output: res.final?.report ? describeImport(res.final.report) : '',
  };
}

/** A CSV file of these lines, as a spreadsheet saves it (CRLF). */
export const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** The stone of this stock number (any case) as the API shows it, prices included. */
export async function stoneByLot(t: TestApp, lotId: string) {
  const [row] = await t.deps.db
    .select()
    .from(stones)
    .where(sql`lower(${stones.lotId}) = ${lotId.toLowerCase()}`);
  return row ? toStone(row as StoneRow, { showPrices: true }) : undefined;
}

/** How many stones came from this file. */
export async function countFrom(t: TestApp, source: string) {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(stones)
    .where(eq(stones.source, source));
  return row!.n;
}
