import * as textSearchApi from '@loupe/contract/text-search';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { stockViewerOf } from '../stones/index.ts';
import { textSearch } from './text-search.ts';

export interface TextSearchRouteDeps {
  db: Database;
  clock: Clock;
}

export async function textSearchRoutes(app: FastifyInstance, deps: TextSearchRouteDeps) {
  const { db, clock } = deps;

  registerRoute(
    app,
    textSearchApi.textSearch,
    async (request) => textSearch(db, clock, stockViewerOf(sessionOf(request)), request.body),
    { answerAsBuilt: true },
  );
}
