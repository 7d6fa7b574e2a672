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
  tuning: { rebuildIndexesFrom?: number } = {},
): Promise<LoadResult> {
  return loadStones(
    db,
    count,
    {
      firstIndex: options.firstIndex ?? 0,
      batch: (firstIndex, n) => [...generateStones(n, { ...options, firstIndex })],
    },
    tuning,
  );
}
