import fs from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../areas/stock-import/index.ts';
import { createMemoryLimiter } from '../../platform/account-limiter.ts';
import { systemClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config.ts';
import { openDatabase } from '../../platform/db/client.ts';
import { createStorage } from '../../platform/storage/storage.ts';
import { newToken } from '../../platform/tokens.ts';
import { buildApp } from '../app.ts';
import { migrateDatabase } from '../migrate-database.ts';
import { type AttachedFile, operatorUsage, runCommand } from './commands.ts';
import { appCall, serverCall } from './operator-client.ts';
import { readServerInfo } from './server-info.ts';

/**
 * `npm run admin -- <command>`. Every command is an operator route of the contract: with the
 * embedded database and a running server it goes to that server (PGlite admits one process, and
 * the server's credential is in DATA_DIR/server.json); otherwise the command line opens the
 * database and answers the route with an app of its own, in this process.
 */
async function main(args: string[]) {
  if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
    process.stdout.write(
      `${operatorUsage}\n  db migrate                          apply pending migrations\n`,
    );
    return 0;
  }
  const config = loadConfig();
  const server = config.DATABASE_URL ? null : readServerInfo(config.DATA_DIR);
  const context = { now: systemClock.now(), readFile: readAttachedFile, progressStream: process.stderr };

  if (server) {
    if (args[0] === 'db') throw new Error('Stop the server first: it migrates the database itself on start.');
    const output = await runCommand(args, {
      ...context,
      call: serverCall(server.port, server.operatorToken),
    });
    process.stdout.write(`${output}\n`);
    return 0;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateDatabase(database, await createStorage(config));
    if (args[0] === 'db' && args[1] === 'migrate') {
      process.stdout.write('Migrations applied.\n');
      return 0;
    }
    // An app of its own for this one command: no listening, no background work, a credential
    // that lives as long as this process.
    const operatorToken = newToken();
    const app = await buildApp({
      config: { ...config, LOG_LEVEL: 'silent' },
      db: database.db,
      clock: systemClock,
      accountLimiter: createMemoryLimiter(config.RATE_LIMIT_PER_ACCOUNT),
      operatorToken,
      background: false,
    });
    try {
      const output = await runCommand(args, {
        ...context,
        call: appCall(app, operatorToken),
        runJobs: (only) => app.jobs.runDue({ only }),
      });
      process.stdout.write(`${output}\n`);
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/**
 * The file of `stock import <file>`, read here: the path is the operator's (npm runs this script
 * in apps/server, so it is resolved against the folder the command was typed in), and a running
 * server may not see that folder at all.
 */
function readAttachedFile(name: string): AttachedFile {
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new Error(`Cannot read ${file}: no such file.`);
  }
  if (size > MAX_UPLOAD_BYTES) {
    throw new Error(
      `${name} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; split it into smaller files.`,
    );
  }
  return { name: path.basename(file), content: fs.readFileSync(file) };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
