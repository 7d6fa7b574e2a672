import type { Database } from '../../platform/db/client.ts';
import { type LoadResult, loadStones } from '../stones/index.ts';
import { type GenerateOptions, generateStones } from './generate-stones.ts';

/**
 * Generates and loads `count` new stones (stone i of a seed is always the same stone), carrying
 * on after `firstIndex`: `stock generate` and the demo seed.
 */
export function loadGeneratedStones(
  db: Database,
  count: number,
  options: GenerateOptions,
  tuning: {
    rebuildIndexesFrom?: number;
    /** Told how many stones were made before each batch is made (the first start says so). */
    progress?: (generated: number) => void;
  } = {},
): Promise<LoadResult> {
  const first = options.firstIndex ?? 0;
  return loadStones(
    db,
    count,
    {
      firstIndex: first,
      batch: (firstIndex, n) => {
        tuning.progress?.(firstIndex - first);
        return [...generateStones(n, { ...options, firstIndex })];
      },
    },
    tuning,
  );
}
