import * as noticesApi from '@loupe/contract/notices';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/app.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import { countUnseen, findNotices } from './find-notices.ts';
import { markNoticesSeen, readAllNotices, readNotice } from './mark-notices.ts';
import { findPreferences, updatePreferences } from './preferences.ts';

export async function noticeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, realtime, push } = deps;
  // The customer's other tabs and devices refresh their bell when notices change state here.
  const tellOtherTabs = (customerId: string) => realtime.notifyCustomer(customerId, { change: 'updated' });

  registerRoute(app, noticesApi.listNotices, async (request) =>
    findNotices(db, sessionOf(request).customerId, request.query),
  );

  registerRoute(app, noticesApi.markNoticesSeen, async (request) => {
    const { customerId } = sessionOf(request);
    await markNoticesSeen(db, clock, customerId, request.body.notice_ids);
    tellOtherTabs(customerId);
    return { unseen_count: await countUnseen(db, customerId) };
  });

  registerRoute(app, noticesApi.readNotice, async (request) => {
    const { customerId } = sessionOf(request);
    const notice = await readNotice(db, clock, customerId, request.params.noticeId);
    tellOtherTabs(customerId);
    return { notice };
  });

  registerRoute(app, noticesApi.readAllNotices, async (request) => {
    const { customerId } = sessionOf(request);
    if ((await readAllNotices(db, clock, customerId)) > 0) tellOtherTabs(customerId);
  });

  registerRoute(app, noticesApi.getNotificationPreferences, async (request) => ({
    preferences: await findPreferences(db, sessionOf(request).customerId),
  }));

  registerRoute(app, noticesApi.updateNotificationPreferences, async (request) => ({
    preferences: await updatePreferences(db, clock, sessionOf(request).customerId, request.body),
  }));

  registerRoute(app, noticesApi.getWebPushKey, async () => ({ vapid_public_key: push?.publicKey ?? null }));
}
