import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Database } from '../../platform/db/client.ts';
import { writeStoneExport } from './export-stones.ts';

/**
 * The stones as a whole .xlsx in memory, without prices: what a public export link of an email
 * answers (as base64 in JSON), where nobody is logged in to be shown prices.
 */
export async function stoneWorkbook(
  db: Database,
  input: { stoneIds: string[]; sheetName: string; title: string; fileName: string },
  now: Date,
): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (part: Buffer) => parts.push(part));
  const ended = finished(out);
  await writeStoneExport(db, { ...input, showPrices: false }, out, now);
  await ended;
  return Buffer.concat(parts);
}
