import * as system from '@loupe/contract/portal';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/app.ts';
import { outboxMessages } from '../../platform/db/schema/index.ts';
import { registerRoute } from '../../platform/http/register-route.ts';

export async function systemRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;

  registerRoute(app, system.health, async () => ({ status: 'ok' as const }), { rateLimit: false });

  if (config.NODE_ENV !== 'production') {
    registerRoute(app, system.devOutbox, async (request) => {
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
          created_at: m.createdAt.toISOString(),
        })),
      };
    });
  }
}
