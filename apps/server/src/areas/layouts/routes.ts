import * as layoutApi from '@loupe/contract/layouts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { stockViewerOf } from '../stones/index.ts';
import { createLayout, findLayoutSummary, getLayout, listLayouts } from './layouts.ts';

export interface LayoutRouteDeps {
  db: Database;
}

/** Layouts: the list, one with its stones, and the sales team's `layout create`. */
export async function layoutRoutes(app: FastifyInstance, deps: LayoutRouteDeps) {
  const { db } = deps;

  registerRoute(app, layoutApi.listLayouts, async (request) => {
    const viewer = stockViewerOf(sessionOf(request));
    const { layout_id, ...query } = request.query;
    return layout_id ? { layout: await getLayout(db, viewer, layout_id) } : listLayouts(db, viewer, query);
  });

  registerRoute(app, layoutApi.createLayout, async (request) => {
    const id = await createLayout(db, request.body.name, request.body.lot_ids);
    return { layout: await findLayoutSummary(db, { kycApproved: true }, id) };
  });
}
