import { createHash } from 'node:crypto';
import * as mediaApi from '@loupe/contract/stone-detail';
import type { Stone } from '@loupe/contract/stones';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/app.ts';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { toStone } from '../stones/stone-columns.ts';
import { renderStoneDiagram } from './stone-diagram.ts';

/**
 * Bump when a renderer's output changes, so browsers holding an earlier drawing fetch it again
 * even though the stone itself did not change.
 */
const RENDER_VERSION = 1;

/** The stone behind a media address, without prices: the media are public. */
async function stoneForMedia(db: Database, lotId: string): Promise<{ stone: Stone; updatedAt: Date }> {
  const [row] = await db
    .select()
    .from(stones)
    .where(sql`lower(${stones.lotId}) = ${lotId.toLowerCase()}`)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', `No stone with the stock number ${lotId}.`);
  return { stone: toStone(row, { showPrices: false }), updatedAt: row.updatedAt };
}

/**
 * Caching: the file follows from the stone's data alone, so its tag is the stone's last change
 * and the renderer's version; a browser asking again with that tag gets 304 without a render.
 */
function isFresh(request: FastifyRequest, reply: FastifyReply, kind: string, stone: Stone, updatedAt: Date) {
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

export async function mediaRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  registerRoute(app, mediaApi.getStoneImage, async (request, reply) => {
    const { stone, updatedAt } = await stoneForMedia(db, request.params.lotId);
    if (isFresh(request, reply, 'image', stone, updatedAt)) {
      reply.code(304);
      return Buffer.alloc(0);
    }
    // The drawing carries text from supplier uploads: never let it run script if opened directly.
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return Buffer.from(renderStoneDiagram(stone), 'utf8');
  });

  registerRoute(app, mediaApi.getStoneCertificate, async (request, reply) => {
    const { stone, updatedAt } = await stoneForMedia(db, request.params.lotId);
    if (isFresh(request, reply, 'certificate', stone, updatedAt)) {
      reply.code(304);
      return Buffer.alloc(0);
    }
    reply
      .type('application/pdf')
      .header(
        'content-disposition',
        `inline; filename="${stone.lot_id.replace(/[^\w.-]/g, '_')}-grading-summary.pdf"`,
      );
    // pdfkit is slow to load: the server loads it on the first certificate, not at start.
    const { renderGradingSummary } = await import('./grading-summary.ts');
    return renderGradingSummary(stone, updatedAt);
  });
}
