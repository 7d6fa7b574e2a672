import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INDEX_NUMBERS, INDEX_RANKS, StoneColumns } from './index-columns.ts';

/** The index's storage keeps finding every stone and every carat band through adds, changes and removals. */

function fields(carats: number) {
  return [
    ...INDEX_RANKS.map(() => '1'),
    ...INDEX_NUMBERS.map((k) => (k === 'carats' ? String(carats) : '0')),
    '1',
  ];
}

describe('[STOCK] the search index storage', () => {
  it('answers carat bands and ids exactly while stones come, change and go, arranged or not', () => {
    const columns = new StoneColumns(16);
    const truth = new Map<string, number>();
    let seed = 7;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const carat = () => Math.round((0.3 + next() * 3) * 100) / 100;
    for (let step = 0; step < 6000; step++) {
      const roll = next();
      const ids = [...truth.keys()];
      if (roll < 0.5 || ids.length === 0) {
        const id = randomUUID();
        const c = carat();
        columns.put(id, fields(c));
        truth.set(id, c);
      } else if (roll < 0.75) {
        const id = ids[Math.floor(next() * ids.length)]!;
        const c = carat();
        columns.put(id, fields(c));
        truth.set(id, c);
      } else {
        const id = ids[Math.floor(next() * ids.length)]!;
        columns.remove(id);
        truth.delete(id);
      }
      if (step === 1000) columns.arrange();
      if (columns.untidy) columns.arrange();
      if (step % 500 === 499) {
        expect(columns.count).toBe(truth.size);
        const ranges: [number, number][] = [
          [0.5, 0.59],
          [1, 1.49],
        ];
        const out = new Int32Array(columns.capacity);
        const n = columns.withinCarats(ranges, out);
        const found = Array.from(out.subarray(0, n), (row) => columns.idAt(row)).sort();
        const expected = [...truth]
          .filter(([, c]) => ranges.some(([from, to]) => c >= from && c <= to))
          .map(([id]) => id)
          .sort();
        expect(found).toEqual(expected);
        for (const [id, c] of truth) {
          const row = columns.find(id);
          expect(row).toBeDefined();
          expect(columns.numbers.carats[row!]).toBe(c);
        }
      }
    }
  });

  it('arranged giving way, answers as before until the arrangement ends, then as arranged at once', async () => {
    const columns = new StoneColumns(16);
    const carats = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const id = randomUUID();
      const c = Math.round((0.3 + ((i * 7919) % 300) / 100) * 100) / 100;
      columns.put(id, fields(c));
      carats.set(id, c);
      if (i === 20_000) columns.arrange();
    }
    for (const id of [...carats.keys()].slice(0, 5_000)) {
      columns.remove(id);
      carats.delete(id);
    }
    const atOnce = columns.copy();
    atOnce.arrange();
    const inSteps = columns.copy();
    const before = inSteps.version;

    // Between its steps (when it gives way) the columns are still the unarranged ones.
    let between = 0;
    const probe = async () => {
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        if (done) break;
        between++;
        expect(inSteps.version).toBe(before);
        expect(inSteps.count).toBe(carats.size);
        const [id, c] = [...carats][between % carats.size]!;
        expect(inSteps.numbers.carats[inSteps.find(id)!]).toBe(c);
      }
    };
    let done = false;
    const probing = probe();
    await inSteps.arrangeGivingWay();
    done = true;
    await probing;

    expect(inSteps.version).not.toBe(before);
    expect(inSteps.arranged).toBe(atOnce.arranged);
    expect(inSteps.untidy).toBe(false);
    expect(Array.from(inSteps.numbers.carats.subarray(0, inSteps.size))).toEqual(
      Array.from(atOnce.numbers.carats.subarray(0, atOnce.size)),
    );
    for (const [id, c] of carats) {
      expect(inSteps.find(id)).toBe(atOnce.find(id));
      expect(inSteps.numbers.carats[inSteps.find(id)!]).toBe(c);
    }
  });
});
