import * as savedSearchApi from '@loupe/contract/saved-searches';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { getColumnPreferences, saveColumnPreferences } from './column-preferences.ts';
import {
  createSavedSearch,
  deleteSavedSearches,
  listSavedSearches,
  updateSavedSearch,
} from './saved-searches.ts';

export interface SavedSearchRouteDeps {
  db: Database;
  clock: Clock;
}

export async function savedSearchRoutes(app: FastifyInstance, deps: SavedSearchRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, savedSearchApi.listSavedSearches, async (request) =>
    listSavedSearches(db, sessionOf(request).customerId, request.query),
  );

  registerRoute(app, savedSearchApi.createSavedSearch, async (request) => ({
    saved_search: await createSavedSearch(db, clock, sessionOf(request).customerId, request.body),
  }));

  registerRoute(app, savedSearchApi.updateSavedSearch, async (request) => ({
    saved_search: await updateSavedSearch(
      db,
      clock,
      sessionOf(request).customerId,
      request.params.savedSearchId,
      request.body,
    ),
  }));

  registerRoute(app, savedSearchApi.deleteSavedSearches, async (request) => {
    await deleteSavedSearches(db, clock, sessionOf(request).customerId, request.body.ids);
  });

  registerRoute(app, savedSearchApi.getColumnPreferences, async (request) => ({
    columns: await getColumnPreferences(db, sessionOf(request).customerId),
  }));

  registerRoute(app, savedSearchApi.saveColumnPreferences, async (request) => ({
    columns: await saveColumnPreferences(db, clock, sessionOf(request).customerId, request.body.columns),
  }));
}
