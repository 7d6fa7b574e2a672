import { createHash } from 'node:crypto';
import type { Stone } from '@loupe/contract/stones';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { selectStones, toStone } from '../stones/index.ts';

/**
 * Bump when a renderer's output changes, so browsers holding an earlier drawing fetch it again
 * even though the stone itself did not change.
 */
const RENDER_VERSION = 1;

/** The stone behind a media address, without prices: the media are public. */
export async function stoneForMedia(db: Database, lotId: string): Promise<{ stone: Stone; updatedAt: Date }> {
  // Each picture of a page of stones asks: the whole row read as selectStones reads it (decision 069).
  const [row] = await selectStones(db, {
    where: sql`lower(${stones.lotId}) = ${lotId.toLowerCase()}`,
    limit: 1,
  });
  if (!row) throw new AppError('NOT_FOUND', `No stone with the stock number ${lotId}.`);
  return { stone: toStone(row, { showPrices: false }), updatedAt: row.updatedAt };
}

/**
 * Caching: the file follows from the stone's data alone, so its tag is the stone's last change
 * and the renderer's version; a browser asking again with that tag gets 304 without a render.
 */
export function isFresh(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: string,
  stone: Stone,
  updatedAt: Date,
) {
  const etag = `"${createHash('sha256')
    .update(`${kind}:${RENDER_VERSION}:${stone.id}:${updatedAt.toISOString()}`)
    .digest('base64url')
    .slice(0, 27)}"`;
  reply
    .header('etag', etag)
    .header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400')
    .header('last-modified', updatedAt.toUTCString());
  const asked = request.headers['if-none-match'];
  return asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
}
