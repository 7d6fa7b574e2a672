import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stones } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { serverInfoFile } from './server-info.ts';

/**
 * `npm run admin -- stock …` as an operator runs it while the server is up: the real CLI process
 * finds the server through DATA_DIR/server.json and sends the command, with the file's contents,
 * to the operator API.
 */
const serverDir = path.resolve(import.meta.dirname, '../../..');
let t: TestApp;
let dataDir: string;
let workDir: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-cli-data-'));
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-cli-work-'));
  fs.writeFileSync(
    serverInfoFile(dataDir),
    JSON.stringify({ pid: process.pid, port, operatorToken: t.deps.operatorToken }),
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(workDir, { recursive: true, force: true });
});

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return adminOn(dataDir, ...args);
}

function adminOn(data: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(serverDir, 'src/app/cli/main.ts'), ...args],
      {
        cwd: serverDir,
        // npm runs the script in apps/server and says where the operator typed it in INIT_CWD.
        env: { ...process.env, DATA_DIR: data, DATABASE_URL: '', INIT_CWD: workDir, LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function count(where: ReturnType<typeof sql>) {
  const [row] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(stones).where(where);
  return row!.n;
}

describe('[OPERATOR] stock commands from the command line', () => {
  it('imports a file from the folder the command was typed in', { timeout: 60_000 }, async () => {
    fs.writeFileSync(
      path.join(workDir, 'monday.csv'),
      'Stock #,Shape,Weight,Color,Clarity,Discount %\nCLI-001,Round,0.52,F,VS2,-31\nCLI-002,Oval,0.73,G,SI1,-0.35\n',
    );
    const { code, stdout, stderr } = await admin('stock', 'import', 'monday.csv');
    expect(code).toBe(0);
    expect(stdout).toContain('Imported monday.csv: 2 rows read, 2 stones imported (2 new, 0 updated)');
    // The import runs as a job on the server; off a terminal its progress comes as plain lines.
    expect(stderr).toContain('Importing monday.csv: 2 of 2 stones written (100 %)\n');
    expect(await count(sql`source = 'monday.csv'`)).toBe(2);
  });

  it('exits with an error, naming each bad row, when nothing was imported', { timeout: 60_000 }, async () => {
    fs.writeFileSync(
      path.join(workDir, 'bad.csv'),
      'Stock #,Shape,Weight,Color,Clarity,Discount %\nCLI-101,Round,0.52,F,VS2,-31\nCLI-102,Kite,0.73,G,SI1,-35\n',
    );
    const failed = await admin('stock', 'import', 'bad.csv');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Nothing imported from bad.csv: 1 row of 2 is invalid.');
    expect(failed.stderr).toContain('Line 3 (CLI-102): Shape "Kite" is not known');
    expect(await count(sql`source = 'bad.csv'`)).toBe(0);

    const skipped = await admin('stock', 'import', 'bad.csv', '--skip-invalid');
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toContain(
      '1 stone imported (1 new, 0 updated), 0 skipped as not available, 1 invalid.',
    );

    const missing = await admin('stock', 'import', 'nowhere.csv');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Cannot read ${path.join(workDir, 'nowhere.csv')}: no such file.`);
  });

  it('generates stones, and refuses a count that is no number', { timeout: 60_000 }, async () => {
    const { code, stdout } = await admin('stock', 'generate', '40', '--seed', 'cli');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Generated 40 stones \(seed "cli"\) in [\d.]+ s: [\d,]+ stones\/s/);
    expect(await count(sql`source = 'generated'`)).toBe(40);

    const wrong = await admin('stock', 'generate', 'many');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Give the number of stones to generate');
  });
});

describe('[OPERATOR] the command line without a running server', () => {
  it('opens the database itself and answers through its own app', { timeout: 120_000 }, async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-cli-own-'));
    try {
      const end = new Date(Date.now() + 3_600_000);
      end.setUTCMilliseconds(0);
      const on = await adminOn(own, 'maintenance', 'on', end.toISOString());
      expect(on).toMatchObject({ code: 0, stdout: `Maintenance is on until ${end.toISOString()}.\n` });
      const unknown = await adminOn(own, 'kyc', 'approve', 'nobody@example.test');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No customer with the email nobody@example.test.\n');
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
