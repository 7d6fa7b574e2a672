import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w @loupe/server`: the server and the operator command line bundled by esbuild
 * into dist/main.js and dist/cli.js (decision 025), so `npm start` runs plain JavaScript with no
 * TypeScript loader. Our own code (src/ and the contract package, which is TypeScript source) goes
 * into the bundles, and so do zod and drizzle-orm (BUNDLED_PACKAGES); every other package stays in node_modules and is imported from there at run
 * time, because several read their own files next to their code (pdfkit's fonts, sharp's native
 * module, PGlite's WebAssembly). Files the server reads at run time (migrations, the web app's
 * build) are found from the server's folder (src/platform/server-folder.ts), from dist as from src.
 */
export const serverDir = import.meta.dirname;
export const distDir = path.join(serverDir, 'dist');
const CHUNKS = 'chunks';

/**
 * Plain JavaScript packages that go into the bundles with our code (decision 050): zod and
 * drizzle-orm are some 200 ES modules that Node would otherwise resolve, read and link one by one
 * at every start (about 60 ms of the main thread), and they read no files of their own.
 * fastify-type-provider-zod comes with zod, so that it and our schemas share one zod. Nothing left
 * in node_modules imports any of them.
 */
const BUNDLED_PACKAGES = /^(zod|drizzle-orm|fastify-type-provider-zod)(\/|$)/;

/** Bare imports stay imports of node_modules, except the workspace's own TypeScript packages and BUNDLED_PACKAGES. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@loupe/') || BUNDLED_PACKAGES.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

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
