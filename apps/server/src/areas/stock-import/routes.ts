import * as stockImportApi from '@loupe/contract/stock-import';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { generateStock, importStockFile } from './stock-commands.ts';

export interface StockImportRouteDeps {
  db: Database;
  clock: Clock;
}

/** Room for a 50 MB file in base64 plus the JSON around it. */
const IMPORT_BODY_LIMIT = Math.ceil(stockImportApi.STOCK_FILE_MAX_BYTES / 3) * 4 + 64 * 1024;

/** The sales team's stock commands: a supplier's upload, more generated stock. */
export async function stockImportRoutes(app: FastifyInstance, deps: StockImportRouteDeps) {
  const { db, clock } = deps;

  registerRoute(
    app,
    stockImportApi.importStock,
    async (request) => {
      const { file, skip_invalid } = request.body;
      return importStockFile(db, clock, {
        name: file.name,
        content: Buffer.from(file.content_base64, 'base64'),
        skipInvalid: skip_invalid,
      });
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  registerRoute(app, stockImportApi.generateStock, async (request) => generateStock(db, clock, request.body));
}
