import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { operatorUsage, runOperatorCommand } from '../modules/operator/commands.ts';
import { readServerInfo } from './server-info.ts';

/**
 * `npm run admin -- <command>`. With the embedded database and a running server, the command goes
 * through the server's operator API (PGlite admits one process); otherwise it opens the database.
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

  if (server) {
    if (args[0] === 'db') throw new Error('Stop the server first: it migrates the database itself on start.');
    const res = await fetch(`http://127.0.0.1:${server.port}/operator/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.operatorToken}` },
      body: JSON.stringify({ args }),
    });
    const body = (await res.json()) as { output?: string; message?: string };
    if (!res.ok) throw new Error(body.message ?? `The server answered ${res.status}`);
    process.stdout.write(`${body.output}\n`);
    return 0;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    if (args[0] === 'db' && args[1] === 'migrate') {
      process.stdout.write('Migrations applied.\n');
      return 0;
    }
    process.stdout.write(`${await runOperatorCommand({ db: database.db, clock: systemClock }, args)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof AppError || err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
