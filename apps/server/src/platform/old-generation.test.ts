import { constants, PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { keepingOldGenerationDown } from './old-generation.ts';

/** Resolves with the first full collection V8 reports from now on. */
function nextFullCollection(): Promise<void> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const full = (entry: PerformanceEntry) =>
        (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
      if (list.getEntries().some(full)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ entryTypes: ['gc'] });
  });
}

describe('keeping the old generation down during long work (decision 073)', () => {
  it('asks V8 for a full collection once the old generation has grown by a step, and not before', async () => {
    const keepDown = keepingOldGenerationDown({ step: 4 * 1024 * 1024 });
    expect(keepDown()).toBe(false);
    // Objects kept long enough to be promoted: young collections move them to the old generation.
    const kept: unknown[] = [];
    for (let i = 0; i < 200_000; i++) kept.push({ lot: `LD${i}`, carats: i / 100 });
    const collected = nextFullCollection();
    let asked = false;
    for (let round = 0; round < 50 && !asked; round++) {
      for (let i = 0; i < 20_000; i++) kept.push({ lot: `LD${round}-${i}`, carats: i });
      await new Promise((resolve) => setImmediate(resolve));
      asked = keepDown();
    }
    expect(asked).toBe(true);
    // The collection runs in the background and ends.
    await collected;
    // Keeps the objects reachable until the collection has been seen.
    kept.length = 0;
  });
});
