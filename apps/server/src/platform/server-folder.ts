import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), whether this code runs from its source (tests, `npm
 * run dev`) or from the bundles in dist (`npm start`, decision 025): the nearest folder above this
 * module with a package.json. Files read at run time are found from here, never from a module's
 * own folder, which differs between the two.
 */
function findServerFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const serverFolder = findServerFolder(import.meta.dirname);

/** The repository's root, two folders above the server's. */
export const repoRoot = path.resolve(serverFolder, '../..');

/** The SQL migrations, kept beside the schema in the source tree and read from there. */
export const migrationsFolder = path.join(serverFolder, 'src/platform/db/migrations');
