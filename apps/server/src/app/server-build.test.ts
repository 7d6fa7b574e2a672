import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneChunks } from '../../build.ts';

/** The server build's chunk folder (decision 025): old chunks go, a running server's stay. */

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-chunks-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A build as esbuild leaves it: these chunks and their maps written into the folder. */
function build(...names: string[]) {
  const written = names.flatMap((name) => [`${name}.js`, `${name}.js.map`]);
  for (const file of written) fs.writeFileSync(path.join(dir, file), file);
  pruneChunks(dir, written);
}
const files = () =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .sort();

describe('[BUILD] the server chunks', () => {
  it("keeps this build's chunks and the build before's, and removes older ones with their maps", () => {
    build('app-AAAAAAA1', 'chunk-BBBBBBB1');
    build('app-AAAAAAA2', 'chunk-BBBBBBB1');
    expect(files()).toEqual(['app-AAAAAAA1.js', 'app-AAAAAAA2.js', 'chunk-BBBBBBB1.js']);
    build('app-AAAAAAA3', 'chunk-BBBBBBB2');
    expect(files()).toEqual(['app-AAAAAAA2.js', 'app-AAAAAAA3.js', 'chunk-BBBBBBB1.js', 'chunk-BBBBBBB2.js']);
    expect(fs.existsSync(path.join(dir, 'app-AAAAAAA1.js.map'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'app-AAAAAAA2.js.map'))).toBe(true);
  });

  it('moves nothing on when the same source is built again, however often', () => {
    build('app-AAAAAAA1');
    build('app-AAAAAAA2');
    for (let i = 0; i < 3; i += 1) build('app-AAAAAAA2');
    expect(files()).toEqual(['app-AAAAAAA1.js', 'app-AAAAAAA2.js']);
  });

  it('keeps what a build before the record left, once, and never touches files not named like chunks', () => {
    for (const name of ['old-CCCCCCC1.js', 'notes.txt', 'hand-made.js'])
      fs.writeFileSync(path.join(dir, name), name);
    build('app-AAAAAAA1');
    expect(files()).toEqual(['app-AAAAAAA1.js', 'hand-made.js', 'old-CCCCCCC1.js']);
    build('app-AAAAAAA2');
    expect(files()).toEqual(['app-AAAAAAA1.js', 'app-AAAAAAA2.js', 'hand-made.js']);
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
  });
});
