import * as portalApi from '@loupe/contract/portal';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { outboxMessages } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { fromLoopback } from '../../platform/http/request-guards.ts';
import { faqList } from './faqs.ts';
import { endMaintenance, startMaintenance } from './portal-settings.ts';
import { salesPeople } from './sales-people.ts';
import { sideBarItems } from './side-bar-config.ts';

export interface PortalRouteDeps {
  db: Database;
  clock: Clock;
  /** Outside production the dev outbox is served, to this machine only. */
  production: boolean;
}

/** The portal itself: health, public data (referral codes, FAQs, the side bar), the dev outbox (loopback only). */
export async function portalRoutes(app: FastifyInstance, deps: PortalRouteDeps) {
  const { db } = deps;

  registerRoute(app, portalApi.health, async () => ({ status: 'ok' as const }), { rateLimit: false });

  registerRoute(app, portalApi.referralCodes, async () => ({ data: salesPeople }));
  registerRoute(app, portalApi.faqs, async () => ({ faqs: faqList }));
  registerRoute(app, portalApi.sideBarConfig, async () => ({ items: sideBarItems }));

  if (!deps.production) {
    registerRoute(app, portalApi.devOutbox, async (request) => {
      // Codes of other people's accounts: never to anyone but the developer's own machine.
      if (!fromLoopback(request)) throw new AppError('NOT_FOUND');
      // Phone numbers are kept as "+<country code><number>"; a "+" in a query string often arrives as a space.
      const raw = request.query.to;
      const to = raw.includes('@') ? raw.toLowerCase() : `+${raw.replace(/[\s+-]/g, '')}`;
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(50);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          to: m.to,
          subject: m.subject,
          body: m.body,
          attachments: (m.attachments ?? []).map((a) => ({
            filename: a.filename,
            content_type: a.contentType,
            content: a.content,
          })),
          created_at: m.createdAt.toISOString(),
        })),
      };
    });
  }

  registerRoute(app, portalApi.startMaintenance, async (request) => {
    const end = await startMaintenance(db, deps.clock, new Date(request.body.end_date));
    return { end_date: end.toISOString() };
  });

  registerRoute(app, portalApi.endMaintenance, async () => {
    await endMaintenance(db);
  });
}
