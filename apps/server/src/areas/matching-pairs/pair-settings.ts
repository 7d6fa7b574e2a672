import {
  DEFAULT_PAIR_SETTINGS,
  type PairSettingRow,
  pairSettings,
  settingDisplay,
} from '@loupe/contract/matching-pairs';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import { matchingPairSettings } from '../../platform/db/schema/index.ts';

/** Rows in rank order, with today's display names. */
function inRankOrder(rows: readonly PairSettingRow[]): PairSettingRow[] {
  return [...rows]
    .sort((a, b) => a.priority - b.priority)
    .map((row) => ({ ...row, display: settingDisplay(row.key) }));
}

export function defaultPairSettings(): PairSettingRow[] {
  return inRankOrder(DEFAULT_PAIR_SETTINGS);
}

/** The customer's settings, or the defaults when they never saved any (or saved an older shape). */
export async function getPairSettings(db: Executor, customerId: string): Promise<PairSettingRow[]> {
  const [row] = await db
    .select({ setting: matchingPairSettings.setting })
    .from(matchingPairSettings)
    .where(eq(matchingPairSettings.customerId, customerId));
  const parsed = row ? pairSettings.safeParse(row.setting) : null;
  return parsed?.success ? inRankOrder(parsed.data) : defaultPairSettings();
}

export async function savePairSettings(
  db: Executor,
  clock: Clock,
  customerId: string,
  setting: readonly PairSettingRow[],
): Promise<PairSettingRow[]> {
  const rows = inRankOrder(setting);
  const updatedAt = clock.now();
  await db
    .insert(matchingPairSettings)
    .values({ customerId, setting: rows, updatedAt })
    .onConflictDoUpdate({ target: matchingPairSettings.customerId, set: { setting: rows, updatedAt } });
  return rows;
}
