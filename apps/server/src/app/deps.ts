import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { appointmentRoutes } from '../areas/appointments/index.ts';
import { authRoutes, sendEmailVerification } from '../areas/auth/index.ts';
import { biddingRoutes } from '../areas/bidding/index.ts';
import { campaignRoutes, createLinkKeys } from '../areas/campaigns/index.ts';
import { cartRoutes } from '../areas/cart/index.ts';
import { confirmationRoutes } from '../areas/confirmation/index.ts';
import { customerRoutes } from '../areas/customers/index.ts';
import { kycRoutes, removeKycFiles } from '../areas/kyc/index.ts';
import { layoutRoutes } from '../areas/layouts/index.ts';
import { matchingPairRoutes } from '../areas/matching-pairs/index.ts';
import { noticeRoutes } from '../areas/notices/index.ts';
import { orderRoutes } from '../areas/orders/index.ts';
import { portalRoutes } from '../areas/portal/index.ts';
import { savedSearchRoutes } from '../areas/saved-searches/index.ts';
import { type StoneIndex, searchRoutes } from '../areas/search/index.ts';
import { siteRoutes } from '../areas/site/index.ts';
import { stockExportRoutes } from '../areas/stock-export/index.ts';
import { type CheckedUploads, type ImportFileJob, stockImportRoutes } from '../areas/stock-import/index.ts';
import { stoneDetailRoutes } from '../areas/stone-detail/index.ts';
import { textSearchRoutes } from '../areas/text-search/index.ts';
import { tourRoutes } from '../areas/tour/index.ts';
import { trackingRoutes } from '../areas/tracking/index.ts';
import { tradeShowRoutes } from '../areas/trade-shows/index.ts';
import type { AccountLimiter } from '../platform/account-limiter.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/client.ts';
import type { JobRunner } from '../platform/jobs/index.ts';
import type { Messenger } from '../platform/messaging/messenger.ts';
import type { RealtimeHub } from '../platform/realtime/server.ts';
import type { Storage } from '../platform/storage/storage.ts';
import type { PushSender } from '../platform/web-push.ts';

/** What the process (or a test) gives the app: the resources every area draws from. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  /** Email and SMS; by default the configured transports plus the dev outbox, logging through the app. */
  messenger: Messenger;
  accountLimiter: AccountLimiter;
  redis?: Redis;
  /** Credential of the operator routes (`npm run admin`); without it they answer 401. */
  operatorToken?: string;
  /** Web push; by default from the VAPID keys of the config, null when they are not set. */
  push: PushSender | null;
  /** Private files (decision 014): a folder under DATA_DIR, or an S3 bucket. */
  storage: Storage;
  /** Socket.IO on the app's own HTTP server: emits and disconnects that reach every instance. */
  realtime: RealtimeHub;
}

/** What the app makes before its routes and shares with them: the job runner and its jobs' state. */
export interface AppParts {
  jobs: JobRunner;
  /** The upload route keeps the rows it checked here for the import job (decision 036). */
  checkedUploads: CheckedUploads;
  importJob: ImportFileJob;
  stoneIndex: StoneIndex | undefined;
}

/**
 * Every area's routes, each given exactly what it needs: no area sees the whole of AppDeps, and
 * what crosses between areas (the email-verification link of a new customer) is handed in here.
 */
export async function registerAreaRoutes(api: FastifyInstance, deps: AppDeps, parts: AppParts) {
  const { config, db, clock, messenger, realtime } = deps;
  const salesDeskEmail = config.SALES_DESK_EMAIL;
  const production = config.NODE_ENV === 'production';

  await portalRoutes(api, { db, clock, production });
  await authRoutes(api, {
    db,
    clock,
    messenger,
    accountLimiter: deps.accountLimiter,
    sessionIdleDays: config.SESSION_IDLE_DAYS,
    sockets: realtime,
    probesPerMinute: config.RATE_LIMIT_PROBES_PER_IP,
  });
  await customerRoutes(api, {
    db,
    clock,
    messenger,
    storage: deps.storage,
    sendEmailVerification: (customer, tx) =>
      sendEmailVerification(tx, clock, messenger, config.publicUrl, customer),
    production,
    removeFilesOf: (customerId) => removeKycFiles(deps.storage, customerId),
    probesPerMinute: config.RATE_LIMIT_PROBES_PER_IP,
  });
  await noticeRoutes(api, { db, clock, realtime, push: deps.push });
  // The search's in-process index of the stock (made with the app, decision 053) loads once the
  // app is ready, after the other ready hooks (this plugin's run after the root's), so the start
  // does not wait for it: searches use SQL until it is loaded (decision 038).
  const { stoneIndex } = parts;
  if (stoneIndex) {
    api.addHook('onReady', () => stoneIndex.start());
    api.addHook('onClose', () => stoneIndex.close());
  }
  await searchRoutes(api, { db, clock, messenger, salesDeskEmail, index: stoneIndex });
  await textSearchRoutes(api, { db, clock });
  await stoneDetailRoutes(api, { db });
  await stockExportRoutes(api, { db, clock });
  await matchingPairRoutes(api, { db, clock, stoneIndex });
  await layoutRoutes(api, { db });
  await savedSearchRoutes(api, { db, clock });
  await cartRoutes(api, { db, clock });
  await confirmationRoutes(api, { db, clock, messenger, salesDeskEmail });
  await orderRoutes(api, { db, clock });
  await stockImportRoutes(api, {
    db,
    clock,
    production,
    importJob: parts.importJob,
    checkedUploads: parts.checkedUploads,
    wakeJobs: () => parts.jobs.wake(),
  });
  await trackingRoutes(api, { db, clock });
  await tourRoutes(api, { db, clock });
  await appointmentRoutes(api, { db, clock, messenger, publicUrl: config.publicUrl });
  await biddingRoutes(api, { db, clock, closeAt: config.BID_ROUND_CLOSE });
  await kycRoutes(api, { db, clock, messenger, storage: deps.storage, salesDeskEmail });
  await tradeShowRoutes(api, { db, clock, messenger, salesDeskEmail });
  await campaignRoutes(api, {
    db,
    clock,
    messenger,
    publicUrl: config.publicUrl,
    linkKey: createLinkKeys(db),
  });
  await siteRoutes(api, { messenger, salesDeskEmail, publicUrl: config.publicUrl });
}
