import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../areas/stock-import/index.ts';
import { systemClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config.ts';
import { openDatabase } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { operatorUsage, runOperatorCommand } from '../operator/commands.ts';
import type { AttachedFile } from '../operator/stock-commands.ts';
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
  const file = readAttachedFile(args);

  if (server) {
    if (args[0] === 'db') throw new Error('Stop the server first: it migrates the database itself on start.');
    const res = await postCommand(server.port, server.operatorToken, {
      args,
      ...(file
        ? { file: { name: file.name, content_base64: Buffer.from(file.content).toString('base64') } }
        : {}),
    });
    const body = res.body as { output?: string; message?: string };
    if (res.status !== 200) throw new Error(body.message ?? `The server answered ${res.status}`);
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
    process.stdout.write(
      `${await runOperatorCommand({ db: database.db, clock: systemClock }, args, { file })}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * POSTs a command to the running server. Plain node:http rather than fetch: fetch gives up after
 * five minutes without response headers, and generating a million stones may take longer.
 */
function postCommand(
  port: number,
  token: string,
  payload: unknown,
): Promise<{ status: number; body: unknown }> {
  const data = Buffer.from(JSON.stringify(payload));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/operator/commands',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': data.byteLength,
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            resolve({ status: response.statusCode ?? 0, body: { message: text || undefined } });
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/**
 * The file of `stock import <file>`, read here: the path is the operator's (npm runs this script
 * in apps/server, so it is resolved against the folder the command was typed in), and a running
 * server may not see that folder at all.
 */
function readAttachedFile(args: string[]): AttachedFile | undefined {
  if (args[0] !== 'stock' || args[1] !== 'import') return undefined;
  const name = args.slice(2).find((a) => !a.startsWith('--'));
  if (!name) return undefined;
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
    process.stderr.write(`${err instanceof AppError || err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
