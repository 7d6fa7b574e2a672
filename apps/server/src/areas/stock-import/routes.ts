import * as stockImportApi from '@loupe/contract/stock-import';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { generateStock, startStockImport, stockImportStatusOf } from './stock-commands.ts';

export interface StockImportRouteDeps {
  db: Database;
  clock: Clock;
}

/** The sales team's stock commands: a supplier's upload, more generated stock. */
export async function stockImportRoutes(app: FastifyInstance, deps: StockImportRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, stockImportApi.importStock, async (_request, _reply, upload) =>
    startStockImport(db, clock, {
      name: upload.fileName,
      content: await upload.bytes(),
      skipInvalid: upload.fields.skip_invalid,
    }),
  );

  registerRoute(app, stockImportApi.stockImportStatus, async (request) =>
    stockImportStatusOf(db, request.params.importId),
  );

  registerRoute(app, stockImportApi.generateStock, async (request) => generateStock(db, clock, request.body));
}
