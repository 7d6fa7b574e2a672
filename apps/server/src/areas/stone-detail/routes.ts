import * as stoneDetailApi from '@loupe/contract/stone-detail';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { stockViewerOf } from '../stones/index.ts';
import { findStonesByLot } from './find-stones.ts';
import { isFresh, stoneForMedia } from './media-cache.ts';
import { renderStoneDiagram } from './stone-diagram.ts';
import { getStoneTraceability } from './traceability.ts';

export interface StoneDetailRouteDeps {
  db: Database;
}

/** One stone: the detail page's lookup, its traceability, and the media drawn from its data. */
export async function stoneDetailRoutes(app: FastifyInstance, deps: StoneDetailRouteDeps) {
  const { db } = deps;

  registerRoute(app, stoneDetailApi.findStonesByLot, async (request) => ({
    stones: await findStonesByLot(db, stockViewerOf(sessionOf(request)), request.body.stones, {
      location: request.query.location,
      usaEvent: request.query.usa_event === 'true',
    }),
  }));

  registerRoute(app, stoneDetailApi.getTraceability, async (request) =>
    getStoneTraceability(db, request.query.key),
  );

  registerRoute(app, stoneDetailApi.getStoneImage, async (request, reply) => {
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

  registerRoute(app, stoneDetailApi.getStoneCertificate, async (request, reply) => {
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
