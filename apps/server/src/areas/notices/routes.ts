import * as noticesApi from '@loupe/contract/notices';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import type { RealtimeHub } from '../../platform/realtime/server.ts';
import type { PushSender } from '../../platform/web-push.ts';
import { saveDevice } from './devices.ts';
import { countUnseen, findNotices } from './find-notices.ts';
import { markNoticesSeen, readAllNotices, readNotice } from './mark-notices.ts';
import { sendOperatorNotice } from './operator-notice.ts';
import { findPreferences, updatePreferences } from './preferences.ts';

export interface NoticeRouteDeps {
  db: Database;
  clock: Clock;
  realtime: Pick<RealtimeHub, 'notifyCustomer'>;
  /** Web push; null when no VAPID keys are configured. */
  push: PushSender | null;
}

/** The bell, notification preferences, and the devices that receive web push. */
export async function noticeRoutes(app: FastifyInstance, deps: NoticeRouteDeps) {
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

  registerRoute(app, noticesApi.saveDeviceUuid, async (request) => {
    await saveDevice(db, clock, sessionOf(request).customerId, request.body);
  });

  registerRoute(app, noticesApi.sendNotice, async (request) => {
    const sent = await sendOperatorNotice(db, clock, {
      email: request.params.email,
      title: request.body.title,
      message: request.body.message,
      targetPage: request.body.target_page,
    });
    return { notice_id: sent.id, customer_email: sent.email, channels: sent.channels };
  });
}
