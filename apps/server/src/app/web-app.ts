import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageNotFound } from '../areas/site/index.ts';

/**
 * Paths the single-page web app answers (spec §2): everything else unknown is a JSON 404. The public
 * site (/v3/*, /privacy-policy) is ready HTML from areas/site, which shows a browser its own "page
 * not found" under /v3 (serveWebApp's `pageNotFound`).
 */
const webAppPath = /^\/(v2(\/.*)?)?$/;

/**
 * The index page's own inline scripts, by their hashes: the start script of a signed-in page
 * (decision 039) is in the page, so it runs before any script file has arrived.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) =>
      `'sha256-${createHash('sha256')
        .update(source ?? '')
        .digest('base64')}'`,
  );
}

const contentSecurityPolicy = (scriptHashes: string[]) =>
  [
    "default-src 'self'",
    "img-src 'self' data: blob: https:",
    "style-src 'self' 'unsafe-inline'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "connect-src 'self' ws: wss: https:",
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

/** The web app's files as built (their paths from the root, with a leading slash), no .br or .gz. */
function builtFiles(distDir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || /\.(br|gz)$/.test(entry.name)) continue;
    const relative = path.relative(distDir, path.join(entry.parentPath, entry.name));
    files.add(`/${relative.split(path.sep).join('/')}`);
  }
  return files;
}

/** The build's scripts and style sheets: named by their content's hash, so never changing. */
const hashedFile = /^[\w.-]+\.(js|css)$/;
const contentTypes: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
const immutable = 'public, max-age=31536000, immutable';

/** The encodings an Accept-Encoding header allows (any not given `q=0`). */
function acceptedEncodings(header: string | undefined) {
  return new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !quality || !/^\s*q=0(\.0*)?\s*$/.test(quality))
      .map(([name]) => name?.trim()),
  );
}

type RateLimit = ReturnType<FastifyInstance['rateLimit']>;

/**
 * A GET and HEAD route for files of the build: `fileOf` names the file a request asks for (null
 * when there is none), a request for a file is counted by the per-IP rate limit as a route of its
 * own would be, and any other goes on, uncounted, to the not-found handler (serveWebApp).
 */
function fileRoute(
  app: FastifyInstance,
  url: string,
  rateLimit: RateLimit,
  fileOf: (request: FastifyRequest) => string | null,
  send: (file: string, request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.route({
    method: ['HEAD', 'GET'],
    url,
    schema: { hide: true },
    config: { rateLimit: false },
    onRequest: async (request, reply) => {
      if (fileOf(request)) await rateLimit.call(app, request, reply);
    },
    handler: (request, reply) => {
      const file = fileOf(request);
      return file ? send(file, request, reply) : reply.callNotFound();
    },
  });
}

/**
 * The build's hashed scripts and style sheets (`assets/*.js`, `*.css`), each in the encoding the
 * browser takes (the .br or .gz the build wrote beside it), kept in memory from their first request
 * on: an answer is written in the turn its request is read. Read from disk by @fastify/static,
 * each took several turns of the event loop (stat, open, read, one per 64 KB), each waiting
 * behind whatever else the server was doing, such as the dashboard's first calls on PGlite, which
 * runs in this thread: the dashboard's code came hundreds of milliseconds late (decision 041).
 */
function serveHashedFiles(app: FastifyInstance, assetsDir: string, rateLimit: RateLimit) {
  const files = new Set(fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir) : []);
  const contents = new Map<string, Promise<Buffer>>();
  const read = (file: string) => {
    let content = contents.get(file);
    if (!content) {
      content = fs.promises.readFile(path.join(assetsDir, file));
      contents.set(file, content);
      content.catch(() => contents.delete(file));
    }
    return content;
  };
  const fileOf = (request: FastifyRequest) => {
    const { file } = request.params as { file: string };
    return hashedFile.test(file) && files.has(file) ? file : null;
  };
  fileRoute(app, '/assets/:file', rateLimit, fileOf, async (file, request, reply) => {
    const type = hashedFile.exec(file)?.[1] ?? 'js';
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = (['br', 'gzip'] as const).find(
      (name) => accepted.has(name) && files.has(`${file}.${name === 'br' ? 'br' : 'gz'}`),
    );
    reply
      .header('content-type', contentTypes[type])
      .header('cache-control', immutable)
      .header('vary', 'accept-encoding');
    if (!encoding) return reply.send(await read(file));
    return reply
      .header('content-encoding', encoding)
      .send(await read(`${file}.${encoding === 'br' ? 'br' : 'gz'}`));
  });
}

/**
 * The built web app on the same origin: its files as built (with their .br and .gz beside them),
 * and its index page for every path the app answers itself. Any other unknown path is the JSON 404,
 * unless `pageNotFound` answers it with a page (the public site's, areas/site).
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { pageNotFound?: PageNotFound } = {},
) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const indexPolicy = contentSecurityPolicy(
    hasBuild ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [],
  );
  if (hasBuild) {
    const files = builtFiles(distDir);
    await app.register(fastifyStatic, {
      root: distDir,
      // No routes of the plugin's own (one per file was 127 routes to make at start, with a rate
      // limit each: a tenth of the seeded start, decision 038): the one route below serves them.
      serve: false,
      index: false,
      // The build wrote each file's .br and .gz beside it (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // The build's hashed files never change; the 360° viewer's files (assets/360/) keep their names.
        const hashed = !filePath.includes(`${path.sep}assets${path.sep}360${path.sep}`);
        if (filePath.includes(`${path.sep}assets${path.sep}`) && hashed) {
          res.header('cache-control', immutable);
        }
      },
    });
    // Each file as built at its own path (its .br and .gz are found beside it on request), counted
    // by the per-IP rate limit as a route of its own was; any other path goes on, uncounted as
    // before, to the not-found handler below.
    const fileOf = (request: FastifyRequest) => {
      const pathname = `/${(request.params as { '*': string })['*']}`;
      return files.has(pathname) ? pathname : null;
    };
    const rateLimit = app.rateLimit();
    serveHashedFiles(app, path.join(distDir, 'assets'), rateLimit);
    fileRoute(app, '/*', rateLimit, fileOf, (file, _request, reply) => reply.sendFile(file));
  } else {
    app.log.warn({ distDir }, 'no web build found: serving the API only (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD') && webAppPath.test(pathname)) {
      return reply
        .header('content-security-policy', indexPolicy)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return (
      options.pageNotFound?.(request, reply) ??
      reply.code(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}.` })
    );
  });
}
