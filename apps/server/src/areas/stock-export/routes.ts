import { PassThrough } from 'node:stream';
import * as stockApi from '@loupe/contract/stock-export';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import type { Log } from '../../platform/log.ts';
import { stockViewerOf } from '../stones/index.ts';
import { planStoneExport, planTradeShowExport, type StoneExport, writeStoneExport } from './export-stones.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** 100,000 stone ids as JSON are about 4 MB. */
const EXPORT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Starts streaming the planned file. Once the first byte is out the status cannot change any
 * more: a failure then is logged and the connection cut, so the download fails visibly instead
 * of leaving a truncated file that looks complete.
 */
function streamSpreadsheet(reply: FastifyReply, log: Log, db: Database, plan: StoneExport, now: Date) {
  const out = new PassThrough();

  reply
    .type(XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${plan.fileName}"; filename*=UTF-8''${encodeURIComponent(plan.fileName)}`,
    )
    // The file may hold prices: never kept by a shared cache.
    .header('cache-control', 'private, no-store');
  const started = performance.now();
  writeStoneExport(db, plan, out, now).then(
    () =>
      log.info(
        { stones: plan.stoneIds.length, ms: Math.round(performance.now() - started) },
        'spreadsheet exported',
      ),
    (error: unknown) => {
      if (out.destroyed) {
        log.info({ stones: plan.stoneIds.length }, 'spreadsheet download closed by the client');
        return;
      }
      log.error({ err: error, stones: plan.stoneIds.length }, 'spreadsheet export failed while streaming');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}

export interface StockExportRouteDeps {
  db: Database;
  clock: Clock;
}

export async function stockExportRoutes(app: FastifyInstance, deps: StockExportRouteDeps) {
  const { db, clock } = deps;

  registerRoute(
    app,
    stockApi.exportStones,
    async (request, reply) => {
      const viewer = stockViewerOf(sessionOf(request));
      const now = clock.now();
      const plan = await planStoneExport(db, viewer, request.body, now);
      return streamSpreadsheet(reply, request.log, db, plan, now);
    },
    { bodyLimit: EXPORT_BODY_LIMIT },
  );

  registerRoute(
    app,
    stockApi.exportTradeShowStones,
    async (request, reply) => {
      const viewer = stockViewerOf(sessionOf(request));
      const now = clock.now();
      const plan = await planTradeShowExport(db, viewer, request.body, now);
      return streamSpreadsheet(reply, request.log, db, plan, now);
    },
    { bodyLimit: EXPORT_BODY_LIMIT },
  );
}
