import { timingSafeEqual } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { BIDDING_NAMESPACE } from '@loupe/contract/realtime';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { appointmentReminders } from '../areas/appointments/index.ts';
import { SessionReader } from '../areas/auth/index.ts';
import { closeRoundJob, createBiddingService } from '../areas/bidding/index.ts';
import { campaignSchedules, createLinkKeys } from '../areas/campaigns/index.ts';
import { holdSweepSchedule } from '../areas/cart/index.ts';
import { createNoticeDispatcher, type NoticeDispatcher } from '../areas/notices/index.ts';
import { createMaintenanceWatch } from '../areas/portal/index.ts';
import { StoneIndex } from '../areas/search/index.ts';
import { sitePageNotFound } from '../areas/site/index.ts';
import { CheckedUploads, importFileJob } from '../areas/stock-import/index.ts';
import { statisticsRefreshed } from '../areas/stones/index.ts';
import { AppError } from '../platform/errors.ts';
import { clientErrorHandler, errorHandler } from '../platform/http/error-handler.ts';
import { bearerTokenOf } from '../platform/http/session.ts';
import { createJobRunner, type JobRunner } from '../platform/jobs/index.ts';
import { loggerOptions } from '../platform/log.ts';
import { createMessenger, type Messenger } from '../platform/messaging/messenger.ts';
import { createRealtime } from '../platform/realtime/server.ts';
import { createStorage, type Storage } from '../platform/storage/storage.ts';
import { createPushSender, type PushSender } from '../platform/web-push.ts';
import { type AppDeps, registerAreaRoutes } from './deps.ts';
import { serveWebApp } from './web-app.ts';

export type { AppDeps };

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's notice dispatcher (every instance runs one; each notice goes out once). */
    noticeDispatcher: NoticeDispatcher;
    /**
     * This instance's job runner (emails, the hold sweep …; each job runs once whatever the number
     * of instances). Tests move the clock and call `jobs.runDue()`.
     */
    jobs: JobRunner;
  }
}

/** What a caller hands buildApp; the rest is made from it. */
export type AppInput = Omit<AppDeps, 'messenger' | 'push' | 'realtime' | 'storage'> & {
  /** By default the storage the config names (createStorage). */
  storage?: Storage;
  messenger?: Messenger;
  push?: PushSender | null;
  /**
   * Whether this instance dispatches notices and runs jobs (default yes). The command line's app,
   * which answers one operator command and quits, leaves that to the server (its jobs wait in the
   * database).
   */
  background?: boolean;
  /**
   * Whether the job runner's polling runs the schedules that are due (the hold sweep, reminders,
   * campaigns, the prune; default yes). Test apps run them only when a test calls `jobs.runDue()`.
   */
  pollSchedules?: boolean;
};

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export async function buildApp(input: AppInput): Promise<FastifyInstance> {
  const { config } = input;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    // X-Forwarded-For only from the proxies named in TRUST_PROXY (pins "Hardening").
    trustProxy: config.TRUST_PROXY?.length ? config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    // Every schema is the contract's zod: Fastify's own JSON-schema compilers (ajv,
    // fast-json-stringify) are never built, which was a third of the start (decision 025).
    // (Fastify types the factories after ajv's; the zod compilers are what setValidatorCompiler
    // and setSerializerCompiler take below.)
    schemaController: { compilersFactory: zodCompilers },
  });
  const sessionReader = new SessionReader(input.db, input.clock, config.SESSION_IDLE_DAYS);
  app.addHook('onReady', () => sessionReader.start());
  const authenticate = (token: string) => sessionReader.authenticate(token);
  const realtime = await createRealtime(app.server, { authenticate, redis: input.redis, log: app.log });
  const deps: AppDeps = {
    ...input,
    messenger: input.messenger ?? createMessenger({ config, db: input.db, log: app.log }),
    push: input.push === undefined ? createPushSender(config) : input.push,
    storage: input.storage ?? (await createStorage(config)),
    realtime: realtime.hub,
  };
  const noticeDispatcher = createNoticeDispatcher({ ...deps, log: app.log, publicUrl: config.publicUrl });
  app.decorate('noticeDispatcher', noticeDispatcher);
  if (input.background !== false) app.addHook('onReady', () => noticeDispatcher.start());
  // Every instance tells its own open tabs when maintenance is switched, whoever switched it.
  const maintenanceWatch = createMaintenanceWatch({
    db: deps.db,
    clock: deps.clock,
    realtime: deps.realtime,
    log: app.log,
  });
  if (input.background !== false) app.addHook('onReady', () => maintenanceWatch.start());
  const bidding = createBiddingService(realtime.addNamespace(BIDDING_NAMESPACE), {
    db: deps.db,
    clock: deps.clock,
    closeAt: config.BID_ROUND_CLOSE,
    log: app.log,
  });
  if (input.background !== false) app.addHook('onReady', () => bidding.start());
  // The rows an upload's route checked, handed to its job on this instance (decision 036).
  const checkedUploads = new CheckedUploads();
  // The search's in-process index of the stock (decision 023), shared by the search and the pairs;
  // the import job on this instance lets it stage an upload's stones before they commit (053).
  const stoneIndex = config.SEARCH_INDEX ? new StoneIndex(deps.db, app.log) : undefined;
  const importJob = importFileJob(checkedUploads, stoneIndex);
  const jobs = createJobRunner({
    db: deps.db,
    clock: deps.clock,
    log: app.log,
    pollSchedules: input.pollSchedules,
    jobs: [deps.messenger.emailJob, closeRoundJob, importJob],
    schedules: [
      holdSweepSchedule,
      appointmentReminders(deps.messenger),
      ...campaignSchedules({
        messenger: deps.messenger,
        publicUrl: config.publicUrl,
        linkKey: createLinkKeys(deps.db),
      }),
    ],
  });
  app.decorate('jobs', jobs);
  if (input.background !== false) app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => {
    await jobs.stop();
    // The statistics an upload left owed (decision 054): refreshed before the database closes.
    await statisticsRefreshed(deps.db, { now: true });
    await noticeDispatcher.stop();
    await maintenanceWatch.stop();
    await bidding.stop();
    await realtime.close();
    await sessionReader.close();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  // Answers of 1 KB and more go compressed when the client accepts it: a 50-stone search shrinks
  // from 76 KB to 9 KB. The fastest settings, since answers are made afresh each time (the web
  // app's files are compressed once, at build, and served as they are: serveWebApp). Spreadsheets,
  // PDFs and images are compressed already and pass through.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 3 },
  });
  // The HTML of the web app gets its policy where it is served; /docs brings its own scripts.
  // HSTS only on answers that went out over https (directly, or through a TRUST_PROXY proxy that
  // says so): over plain http it would mean nothing, or pin a host that has no https at all.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, hsts: false });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_IP,
    timeWindow: 60_000,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'loupe:ip-limit:' } : {}),
  });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1, fields: 10 } });
  // The API's description is for developers: not served in production, where it is not even
  // built (its modules are loaded only here: a quicker start, decision 025).
  if (config.NODE_ENV !== 'production') {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    await app.register(swagger, {
      openapi: {
        info: { title: 'Loupe API', description: 'The buyer portal of Loupe Diamonds', version: '0.1.0' },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
      // The schemas named with .meta({id}) become components, so every $ref resolves.
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  }

  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request) => {
    const token = bearerTokenOf(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    request.session = await authenticate(token);
    request.log = request.log.child({ customerId: request.session.customerId });
  });

  app.decorate('authenticateOperator', async (request) => {
    const given = bearerTokenOf(request);
    const { operatorToken } = input;
    if (!operatorToken || !given || !sameSecret(given, operatorToken)) {
      throw new AppError('UNAUTHORIZED', 'The operator credential is missing or wrong.');
    }
    request.log.info({ url: request.url }, 'operator command');
  });

  await app.register((api) => registerAreaRoutes(api, deps, { jobs, checkedUploads, importJob, stoneIndex }));

  await serveWebApp(app, config.WEB_DIST, { pageNotFound: sitePageNotFound(config.publicUrl) });
  return app;
}
