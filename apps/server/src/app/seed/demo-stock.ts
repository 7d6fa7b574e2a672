import { loadGeneratedStones } from '../../areas/stock-import/index.ts';
import { isStockEmpty, redateNewArrivals, refreshStoneStatistics } from '../../areas/stones/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';

/**
 * The demo stock (pins: "Demo data"): SEED_STONES generated stones on the first start, and at
 * every start a few dozen of them re-dated into the last 24 hours, so the portal always has new
 * arrivals however long ago it was seeded. Both steps are cheap once the stock exists: a start
 * on a seeded database only looks whether any stone exists and whether those few dozen rows were
 * re-dated within the last hour, and updates them when not.
 */

/** Demo stock is the same on every machine. */
export const DEMO_STOCK_SEED = 'loupe-demo';
/** Stones re-dated into the last 24 hours at each start. */
export const DEMO_NEW_ARRIVALS = 36;
/** Spacing of the re-dated stones: 36 of them cover the last 22 hours. */
const NEW_ARRIVAL_SPACING_MS = 37 * 60_000;
/**
 * A start within this time of the last re-dating leaves the dates as they are: the newest new
 * arrival is then at most 65 minutes old, the oldest 23 hours, all within the last 24 hours.
 */
const NEW_ARRIVALS_FRESH_MS = 60 * 60_000;

export async function seedDemoStock(
  db: Database,
  clock: Clock,
  stoneCount: number,
  say: (line: string) => void = () => {},
) {
  if (stoneCount > 0) {
    if (await isStockEmpty(db)) {
      const total = stoneCount.toLocaleString('en');
      say(`generating ${total} demo stones (once, on the first start)`);
      // A line at each tenth, so a slow machine is seen to be working.
      const step = Math.max(1, Math.ceil(stoneCount / 10));
      let told = 0;
      await loadGeneratedStones(
        db,
        stoneCount,
        { seed: DEMO_STOCK_SEED, now: clock.now() },
        {
          progress: (generated) => {
            if (generated < told + step) return;
            told = generated;
            say(
              `generated ${generated.toLocaleString('en')} of ${total} stones (${Math.round((100 * generated) / stoneCount)} %)`,
            );
          },
        },
      );
      say(`generated ${total} of ${total} stones; indexing them for search`);
      await refreshStoneStatistics(db);
    }
  }
  await refreshNewArrivals(db, clock);
}

/**
 * Re-dates the same available generated stones (the first by lot id) to the last 22 hours, the
 * newest five minutes old, unless they were re-dated so within the last hour. Which stones they
 * are never changes unless one is sold or held.
 */
export async function refreshNewArrivals(db: Database, clock: Clock) {
  const newest = new Date(clock.now().getTime() - 5 * 60_000);
  await redateNewArrivals(db, newest, NEW_ARRIVAL_SPACING_MS, DEMO_NEW_ARRIVALS, NEW_ARRIVALS_FRESH_MS);
}
