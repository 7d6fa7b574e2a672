import { describe, expect, it } from 'vitest';
import { progressOutput } from './import-progress.ts';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, columns: 100, write: (text: string) => written.push(text) };
}

describe('[OPERATOR] stock import progress', () => {
  it('draws a bar in place on a terminal, and ends its line', () => {
    const out = stream(true);
    const progress = progressOutput(out, 'Importing diamonds.csv');
    progress.update(0, 53_940);
    progress.update(26_970, 53_940);
    progress.update(53_940, 53_940);
    progress.end();
    expect(out.written[1]).toBe(
      `\rImporting diamonds.csv [${'#'.repeat(20)}${'-'.repeat(20)}]  50 % 26,970 / 53,940 stones`,
    );
    expect(out.written[2]).toBe(`\rImporting diamonds.csv [${'#'.repeat(40)}] 100 % 53,940 / 53,940 stones`);
    expect(out.written.at(-1)).toBe('\n');
  });

  it('writes a plain line each tenth when the output is a file or a pipe', () => {
    const out = stream(false);
    const progress = progressOutput(out, 'Importing diamonds.csv');
    for (let written = 0; written <= 53_940; written += 2_500) progress.update(written, 53_940);
    progress.update(53_940, 53_940);
    progress.end();
    expect(out.written).toHaveLength(11);
    expect(out.written[0]).toBe('Importing diamonds.csv: 0 of 53,940 stones written (0 %)\n');
    expect(out.written[5]).toBe('Importing diamonds.csv: 27,500 of 53,940 stones written (50 %)\n');
    expect(out.written.at(-1)).toBe('Importing diamonds.csv: 53,940 of 53,940 stones written (100 %)\n');
  });
});
