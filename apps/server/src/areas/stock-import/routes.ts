import * as stockImportApi from '@loupe/contract/stock-import';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http/register-route.ts';
import { removeStones } from '../stones/index.ts';
import { generateStock, type ImportDeps, startStockImport, stockImportStatusOf } from './stock-commands.ts';

export interface StockImportRouteDeps extends ImportDeps {
  /** Outside production the end-to-end tests may remove the stones they imported. */
  production: boolean;
}

/** The sales team's stock commands: a supplier's upload, more generated stock (and, outside production, the tests' cleanup). */
export async function stockImportRoutes(app: FastifyInstance, deps: StockImportRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, stockImportApi.importStock, async (_request, _reply, upload) =>
    startStockImport(deps, {
      name: upload.fileName,
      content: await upload.bytes(),
      skipInvalid: upload.fields.skip_invalid,
    }),
  );

  registerRoute(app, stockImportApi.stockImportStatus, async (request) =>
    stockImportStatusOf(db, request.params.importId),
  );

  registerRoute(app, stockImportApi.generateStock, async (request) => generateStock(db, clock, request.body));

  if (!deps.production) {
    registerRoute(app, stockImportApi.removeTestStones, async (request) => ({
      removed: await removeStones(db, request.body.lot_ids),
    }));
  }
}
