import path from 'node:path';
import { minify, type Plugin, type Rolldown, runnerImport } from 'vite';
import type { BuiltFiles, firstCallsPlan } from './src/app/first-calls-plan';
import type { startFirstCalls } from './src/lib/first-calls';

/**
 * Puts the start script of a signed-in page into the built index page (decision 039): an inline
 * script, right after the entry's tags, that preloads the shell's and the screen's code and sends
 * the screen's first calls while the HTML is read (src/lib/first-calls.ts, the plan in
 * src/app/first-calls-plan.ts). The server allows it by its hash (apps/server web-app.ts).
 */
export function firstCalls(): Plugin {
  let root = '';
  let base = '/';
  const load = async <T>(file: string) =>
    (await runnerImport<T>(path.join(root, file), { configFile: false, root, logLevel: 'error' })).module;
  return {
    name: 'loupe-first-calls',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk',
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // A chunk and every chunk it imports statically: what loads with it.
        const withImports = (names: string[]) => {
          const seen = new Set<string>();
          const visit = (name: string) => {
            if (seen.has(name)) return;
            seen.add(name);
            for (const imported of byName.get(name)?.imports ?? []) visit(imported);
          };
          names.forEach(visit);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('first-calls: the build has no entry chunk');
        const withEntry = withImports([entry.fileName]);
        const styles = (names: Iterable<string>) =>
          new Set([...names].flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]));
        const entryStyles = styles(withEntry);
        const builtFiles: BuiltFiles = (sourceModules) => {
          const names = sourceModules.map((source) => {
            const chunk = chunks.find((c) => c.moduleIds.includes(path.join(root, source)));
            if (!chunk) throw new Error(`first-calls: no chunk holds ${source}`);
            return chunk.fileName;
          });
          const files = [...withImports(names)].filter((name) => !withEntry.has(name));
          return {
            modules: files.map((name) => `${base}${name}`),
            styles: [...styles(files)]
              .filter((name) => !entryStyles.has(name))
              .map((name) => `${base}${name}`),
          };
        };
        const planModule = await load<{ firstCallsPlan: typeof firstCallsPlan }>(
          'src/app/first-calls-plan.ts',
        );
        const startModule = await load<{ startFirstCalls: typeof startFirstCalls }>('src/lib/first-calls.ts');
        const plan = planModule.firstCallsPlan(builtFiles);
        const source = `(${startModule.startFirstCalls.toString()})(${JSON.stringify(plan)});`;
        const { code } = await minify('first-calls.js', source);
        // After the entry's script and preload tags, so the entry is asked for first, and before
        // the style sheet, which an inline script would wait for.
        const at = html.search(/<link rel="stylesheet"|<\/head>/);
        return `${html.slice(0, at)}<script>${code.trim()}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
