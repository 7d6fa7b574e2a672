import * as portal from '@loupe/contract/portal';
import * as tracking from '@loupe/contract/tracking';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/app.ts';
import { registrationFunnelEvents } from '../../platform/db/schema/index.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { salesPeople } from './sales-people.ts';

export async function publicRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;

  registerRoute(app, portal.referralCodes, async () => ({ data: salesPeople }));

  registerRoute(app, tracking.registrationFunnel, async (request) => {
    const q = request.query;
    await db.insert(registrationFunnelEvents).values({
      funnelStep: q.funnel_step,
      sessionId: q.session_id,
      entryPoint: q.entry_point ?? null,
      mobileNumber: q.mobile_number ?? null,
      status: q.status ?? null,
      createdAt: clock.now(),
    });
  });
}
