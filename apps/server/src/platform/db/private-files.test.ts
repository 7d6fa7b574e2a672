import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-private-'));
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

function modesUnder(dir: string): { file: string; mode: number }[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => ({
    file,
    mode: fs.statSync(path.join(dir, file)).mode & 0o777,
  }));
}

describe('the embedded database keeps its files private', () => {
  it('keeps its folder 0700, so no other user reaches a file in it, and makes files found there 0600', async () => {
    const dataDir = path.join(parent, 'data');
    fs.mkdirSync(path.join(dataDir, 'old'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'old', 'file'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'old', 'file'), 0o666);
    fs.chmodSync(dataDir, 0o755);
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'old')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'old', 'file')).mode & 0o777).toBe(0o600);
    expect(modesUnder(dataDir).length).toBeGreaterThan(10);
  }, 120_000);
});
