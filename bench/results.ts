import fs from 'node:fs';
import path from 'node:path';
import { machine } from './lib.ts';

const readme = path.join(import.meta.dirname, 'README.md');

/**
 * Rewrites one suite's results block in bench/README.md (between `<!-- results:<suite>:start -->`
 * and `<!-- results:<suite>:end -->`), stamped with the date and machine; other suites' blocks stay.
 */
export function writeResults(suite: string, markdown: string) {
  const start = `<!-- results:${suite}:start -->`;
  const end = `<!-- results:${suite}:end -->`;
  const block = `${start}\nMeasured ${new Date().toISOString().slice(0, 10)} on ${machine()}.\n\n${markdown.trim()}\n${end}`;
  const text = fs.readFileSync(readme, 'utf8');
  const pattern = new RegExp(`${start}[\\s\\S]*${end}`);
  const next = pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(readme, next);
  process.stdout.write(`${block}\n`);
}
