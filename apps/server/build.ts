import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w @loupe/server`: the server and the operator command line bundled by esbuild
 * into dist/main.js and dist/cli.js (decision 025), so `npm start` runs plain JavaScript with no
 * TypeScript loader. Our own code (src/ and the contract package, which is TypeScript source) goes
 * into the bundles, and so do the plain JavaScript packages a start loads (BUNDLED_PACKAGES) with
 * the packages they import; every other package stays in node_modules and is imported from there
 * at run time, because several read their own files next to their code (pdfkit's fonts, sharp's
 * native module, PGlite's WebAssembly). Files the server reads at run time (migrations, the web
 * app's build) are found from the server's folder (src/platform/server-folder.ts), from dist as
 * from src.
 */
export const serverDir = import.meta.dirname;
export const distDir = path.join(serverDir, 'dist');
const CHUNKS = 'chunks';

/**
 * The plain JavaScript packages of a start, bundled with our code (decisions 050 and 072): zod,
 * drizzle-orm, Fastify with its plugins and Socket.IO, with what they import, are some 500 modules
 * (some 320 of them CommonJS) that Node would otherwise resolve, read and link one by one at every
 * start, and they read no files of their own. fastify-type-provider-zod comes with zod, so that it
 * and our schemas share one zod; the Redis adapter comes with Socket.IO, so that both share one
 * `socket.io-adapter`.
 */
const BUNDLED_PACKAGES =
  /^(zod|drizzle-orm|fastify-type-provider-zod|fastify|@fastify\/(compress|helmet|multipart|rate-limit|static)|socket\.io|socket\.io-parser|@socket\.io\/redis-adapter)(\/|$)/;

/**
 * What a bundled package imports that stays in node_modules all the same: pino (Fastify's logger)
 * starts its transports' worker threads from its own files, and the native add-ons `ws` and
 * `debug` try to load are optional (absent here, so each `require` fails and is caught, as before).
 */
const LEFT_OUTSIDE = /^(pino|thread-stream|sonic-boom|bufferutil|utf-8-validate|supports-color)(\/|$)/;

/** The server's own dependencies, by name: those not in BUNDLED_PACKAGES stay in node_modules. */
const dependencies = new Set(
  Object.keys(
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')).dependencies,
  ),
);
const packageName = (specifier: string) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Which bare imports go into the bundles: the workspace's own TypeScript packages, BUNDLED_PACKAGES,
 * and whatever a bundled package imports, except LEFT_OUTSIDE, Node's own modules and the server's
 * other dependencies (a package the drivers import, such as PGlite or pg, stays one copy, outside).
 */
export function bundled(specifier: string, importer: string): boolean {
  if (specifier.startsWith('@loupe/') || BUNDLED_PACKAGES.test(specifier)) return true;
  if (isBuiltin(specifier) || LEFT_OUTSIDE.test(specifier) || dependencies.has(packageName(specifier)))
    return false;
  return importer.split(path.sep).includes('node_modules');
}

const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      bundled(args.path, args.importer) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The bundled CommonJS packages call `require` for Node's own modules; an ES module has none, so
 * each output file starts by making one.
 */
const REQUIRE_FOR_PACKAGES =
  "import { createRequire as __loupeCreateRequire } from 'node:module'; const require = __loupeCreateRequire(import.meta.url);";

export async function buildServer() {
  const started = performance.now();
  const { metafile } = await build({
    absWorkingDir: serverDir,
    entryPoints: { main: 'src/app/main.ts', cli: 'src/app/cli/main.ts' },
    outdir: distDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // What the source imports with import() stays a separate file loaded on first use (exceljs and
    // pdfkit come with the export and PDF modules, not at start), and code both entries use is
    // one shared file. Chunks are named by their content; pruneChunks removes old ones.
    splitting: true,
    chunkNames: `${CHUNKS}/[name]-[hash]`,
    metafile: true,
    plugins: [packagesOutside],
    logLevel: 'warning',
    legalComments: 'none',
    banner: { js: REQUIRE_FOR_PACKAGES },
  });
  const chunksDir = path.join(distDir, CHUNKS);
  pruneChunks(
    chunksDir,
    Object.keys(metafile.outputs)
      .map((file) => path.resolve(serverDir, file))
      .filter((file) => path.dirname(file) === chunksDir)
      .map((file) => path.basename(file)),
  );
  return performance.now() - started;
}

/** A chunk or its source map as esbuild names them (`[name]-[hash]`): what a build owns in the folder. */
const CHUNK_FILE = /^[\w.-]+-[A-Z0-9]{8}\.js(\.map)?$/;
/** The chunk sets of the last two different builds, newest first. */
const BUILDS_FILE = 'builds.json';

/**
 * Removes the chunks that neither this build nor the different build before it wrote, so the folder
 * no longer grows with every change of the source. A server keeps loading chunks after it started
 * (the app, exports, PDFs), and a rebuild may come while it runs (`npm run admin` builds first):
 * one started from the build before keeps its files. A rebuild of the same source writes the same
 * names and moves nothing on, however often it runs. Only files named like chunks are touched.
 */
export function pruneChunks(chunksDir: string, written: readonly string[]) {
  const recordFile = path.join(chunksDir, BUILDS_FILE);
  const present = fs.readdirSync(chunksDir).filter((name) => CHUNK_FILE.test(name));
  // No record yet (or an unreadable one): whatever is there counts as the build before.
  let builds: string[][] = [present];
  try {
    const recorded: unknown = JSON.parse(fs.readFileSync(recordFile, 'utf8'));
    if (Array.isArray(recorded) && recorded.every((set) => Array.isArray(set))) builds = recorded;
  } catch {}
  const now = [...written].sort();
  const same = (a: readonly string[] | undefined) =>
    a?.length === now.length && a.every((n, i) => n === now[i]);
  if (!same(builds[0])) builds = [now, builds[0] ?? []];
  const kept = new Set(builds.flat());
  for (const name of present) if (!kept.has(name)) fs.rmSync(path.join(chunksDir, name), { force: true });
  fs.writeFileSync(recordFile, `${JSON.stringify(builds)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer();
}
