import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w @loupe/server`: the server and the operator command line bundled by esbuild
 * into dist/main.js and dist/cli.js (decision 025), so `npm start` runs plain JavaScript with no
 * TypeScript loader. Our own code (src/ and the contract package, which is TypeScript source) goes
 * into the bundles; every other package stays in node_modules and is imported from there at run
 * time, because several read their own files next to their code (pdfkit's fonts, sharp's native
 * module, PGlite's WebAssembly). Files the server reads at run time (migrations, the web app's
 * build) are found from the server's folder (src/platform/server-folder.ts), from dist as from src.
 */
export const serverDir = import.meta.dirname;
export const distDir = path.join(serverDir, 'dist');

/** Bare imports stay imports of node_modules, except the workspace's own TypeScript packages. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@loupe/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const started = performance.now();
  await build({
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
    // one shared file. Chunks are named by their content and a build never deletes one, so a
    // rebuild (the CLI builds before it runs) never takes a file from under a running server.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [packagesOutside],
    logLevel: 'warning',
    legalComments: 'none',
  });
  return performance.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer();
}
