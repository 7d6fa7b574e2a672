import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { authRoutes } from '../areas/auth/routes.ts';
import { authenticateToken } from '../areas/auth/sessions.ts';
import { createHoldSweep, type HoldSweep } from '../areas/cart/hold-sweep.ts';
import { cartRoutes } from '../areas/cart/routes.ts';
import { confirmRoutes } from '../areas/confirmation/routes.ts';
import { customerRoutes } from '../areas/customers/routes.ts';
import { createNoticeDispatcher, type NoticeDispatcher } from '../areas/notices/dispatch-notices.ts';
import { noticeRoutes } from '../areas/notices/routes.ts';
import { orderRoutes } from '../areas/orders/routes.ts';
import { publicRoutes } from '../areas/portal/public-routes.ts';
import { systemRoutes } from '../areas/portal/routes.ts';
import { savedSearchRoutes } from '../areas/saved-searches/routes.ts';
import { stockRoutes } from '../areas/search/routes.ts';
import { exportRoutes } from '../areas/stock-export/routes.ts';
import { mediaRoutes } from '../areas/stone-detail/media-routes.ts';
import { trackingRoutes } from '../areas/tracking/routes.ts';
import type { AccountLimiter } from '../platform/account-limiter.ts';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { errorHandler } from '../platform/http/error-handler.ts';
import { bearerTokenOf } from '../platform/http/session.ts';
import { loggerOptions } from '../platform/log.ts';
import { createMessenger, type Messenger } from '../platform/messaging/messenger.ts';
import { createRealtime, type RealtimeHub } from '../platform/realtime/server.ts';
import { createPushSender, type PushSender } from '../platform/web-push.ts';
import { operatorRoutes } from './operator/routes.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  /** Email and SMS; by default the configured transports plus the dev outbox, logging through the app. */
  messenger: Messenger;
  accountLimiter: AccountLimiter;
  redis?: Redis;
  /** Credential of the operator API (`npm run admin` while the server runs). */
  operatorToken?: string;
  /** Web push; by default from the VAPID keys of the config, null when they are not set. */
  push: PushSender | null;
  /** Socket.IO on the app's own HTTP server: emits and disconnects that reach every instance. */
  realtime: RealtimeHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's notice dispatcher (every instance runs one; each notice goes out once). */
    noticeDispatcher: NoticeDispatcher;
    /** This instance's sweep of lapsed holds (safe with several instances). */
    holdSweep: HoldSweep;
  }
}

/** What a caller hands buildApp; the rest is made from it. */
export type AppInput = Omit<AppDeps, 'messenger' | 'push' | 'realtime'> & {
  messenger?: Messenger;
  push?: PushSender | null;
};

/** Paths the single-page web app answers (spec §2): everything else unknown is a JSON 404. */
const webAppPath = /^\/(v2(\/.*)?|v3(\/.*)?|privacy-policy\/?)?$/;

const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self' ws: wss: https:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export async function buildApp(input: AppInput): Promise<FastifyInstance> {
  const { config } = input;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  const authenticate = (token: string) =>
    authenticateToken(input.db, input.clock, token, config.SESSION_IDLE_DAYS);
  const realtime = createRealtime(app.server, { authenticate, redis: input.redis, log: app.log });
  const deps: AppDeps = {
    ...input,
    messenger: input.messenger ?? createMessenger({ config, db: input.db, log: app.log }),
    push: input.push === undefined ? createPushSender(config) : input.push,
    realtime: realtime.hub,
  };
  const noticeDispatcher = createNoticeDispatcher({ ...deps, log: app.log, publicUrl: config.publicUrl });
  app.decorate('noticeDispatcher', noticeDispatcher);
  app.addHook('onReady', () => noticeDispatcher.start());
  const holdSweep = createHoldSweep({ db: deps.db, clock: deps.clock, log: app.log });
  app.decorate('holdSweep', holdSweep);
  app.addHook('onReady', () => holdSweep.start());
  app.addHook('preClose', async () => {
    await holdSweep.stop();
    await noticeDispatcher.stop();
    await realtime.close();
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
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_IP,
    timeWindow: 60_000,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'loupe:ip-limit:' } : {}),
  });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Loupe API', description: 'The buyer portal of Loupe Diamonds', version: '0.1.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request) => {
    const token = bearerTokenOf(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    request.session = await authenticate(token);
    request.log = request.log.child({ customerId: request.session.customerId });
  });

  await app.register(async (api) => {
    await systemRoutes(api, deps);
    await publicRoutes(api, deps);
    await authRoutes(api, deps);
    await customerRoutes(api, deps);
    await noticeRoutes(api, deps);
    await operatorRoutes(api, deps);
    await stockRoutes(api, deps);
    await exportRoutes(api, deps);
    await mediaRoutes(api, deps);
    await savedSearchRoutes(api, deps);
    await cartRoutes(api, deps);
    await confirmRoutes(api, deps);
    await orderRoutes(api, deps);
    await trackingRoutes(api, deps);
  });

  await serveWebApp(app, config.WEB_DIST);
  return app;
}

async function serveWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build wrote each file's .br and .gz beside it (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ distDir }, 'no web build found: serving the API only (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD') && webAppPath.test(pathname)) {
      return reply
        .header('content-security-policy', contentSecurityPolicy)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}.` });
  });
}
