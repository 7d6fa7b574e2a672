import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };

const source = (file: string) => path.join(import.meta.dirname, 'src', file);

const entry = source('main.tsx');
const loginScreen = source('routes/login.tsx');
/** The screens a visitor without a session sees: drawn without the shell. */
const publicScreens = [loginScreen, source('routes/register.tsx'), source('routes/forgot-password.tsx')];
/** Where the signed-in code lives: the shell and the screens drawn in it (src/app/router.tsx). */
const signedInFolders = [source('routes'), source('app/shell')].map((folder) => folder + path.sep);

/**
 * A module and every module it imports statically; with `followDynamic`, also the modules it
 * imports dynamically that the test accepts, and theirs.
 */
function closure(
  ctx: ChunkingContext,
  roots: string[],
  followDynamic: (id: string) => boolean = () => false,
) {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) visit(imported);
    for (const imported of info?.dynamicallyImportedIds ?? []) if (followDynamic(imported)) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * Which chunk each module of the entry, the shell and the dashboard goes to (issue 18, decision
 * 041). By default rolldown makes a chunk of every set of modules shared by the same lazy chunks:
 * the dashboard loaded 7 files for the entry and 47 for the shell and the screen, which over
 * HTTP/1.1's six connections, on a server also answering the dashboard's calls, arrived in waves.
 * - `index` (the entry): what the entry imports, and what the shell or the dashboard shares with
 *   the login page (the login page loads it anyway: its bytes do not grow).
 * - `shell`: what only signed-in pages use of the shell's and the dashboard's code. Any signed-in
 *   page loads the shell, and with it the dashboard's 11 KB (gzipped): two files fewer (script
 *   and styles), so that the dashboard's six files of code and styles go out at once on the
 *   browser's six connections, ahead of its first calls.
 * - `signed-in-shared`: what the shell or the dashboard shares with the other pages drawn without
 *   the shell (sign-up, the forgotten password) or with the entry's lazy parts (the toasts).
 * Everything else (the other screens, the login page's own code) is chunked as rolldown does.
 */
function chunkPlan(ctx: ChunkingContext) {
  const entryModules = closure(ctx, [entry]);
  const withoutShell = closure(
    ctx,
    [entry, ...publicScreens],
    (id) => !signedInFolders.some((folder) => id.startsWith(folder)),
  );
  const loginPage = closure(ctx, [loginScreen]);
  const shell = closure(ctx, [source('app/shell/app-shell.tsx')]);
  const dashboard = closure(ctx, [source('routes/dashboard.tsx')]);
  const plan = new Map<string, string>([...entryModules].map((id) => [id, 'index']));
  for (const id of [...shell, ...dashboard]) {
    if (plan.has(id)) continue;
    if (loginPage.has(id)) plan.set(id, 'index');
    else if (withoutShell.has(id)) plan.set(id, 'signed-in-shared');
    else plan.set(id, 'shell');
  }
  return plan;
}

/** Rolldown's `output.codeSplitting` for the web app's build (vite.config.ts). */
export function signedInChunks(): Rolldown.OutputOptions['codeSplitting'] {
  let plan: Map<string, string> | undefined;
  return {
    groups: [
      {
        name: (id, ctx) => {
          plan ??= chunkPlan(ctx);
          return plan.get(id) ?? null;
        },
        // The plan names every module it places; a module it leaves stays where rolldown puts it.
        includeDependenciesRecursively: false,
      },
    ],
  };
}
