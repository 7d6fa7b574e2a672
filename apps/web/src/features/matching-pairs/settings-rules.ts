import { boundsOf, type PairSettingKey, type PairSettingRow } from '@loupe/contract/matching-pairs';

/**
 * The Match Pair Settings dialog's rules (domain-facts §11) as plain functions: clamping on blur,
 * the From > To warning, dragging rows to a new rank, and when Reset and Apply are enabled.
 * From is a row's `up`, To its `down` (decision 017).
 */

/** A typed tolerance on blur: grades whole numbers 0–10, sizes 0–100 with 2 decimals. */
export function clampTolerance(key: PairSettingKey, text: string): number {
  const bounds = boundsOf(key);
  const value = Number.parseFloat(text.replace(',', '.'));
  if (!Number.isFinite(value)) return bounds.min;
  const factor = 10 ** bounds.decimals;
  const rounded = Math.round(value * factor) / factor;
  return Math.min(bounds.max, Math.max(bounds.min, rounded));
}

/** How a tolerance shows in its input. */
export function toleranceText(key: PairSettingKey, value: number): string {
  return value.toFixed(boundsOf(key).decimals);
}

/** The warning of a row whose From is above its To (not for Equal rows). */
export function rangeWarning(row: PairSettingRow): string | null {
  return !row.is_equal && row.up > row.down ? 'From is greater than To' : null;
}

/** The rows after moving the one at `from` to `to`; ranks follow the new order. */
export function moveRow(rows: readonly PairSettingRow[], from: number, to: number): PairSettingRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next.map((row, i) => ({ ...row, priority: i + 1 }));
}

/** Two sets of rows say the same (rank, Equal, From, To of every attribute). */
export function sameSettings(a: readonly PairSettingRow[], b: readonly PairSettingRow[]): boolean {
  if (a.length !== b.length) return false;
  const byKey = new Map(b.map((row) => [row.key, row]));
  return a.every((row) => {
    const other = byKey.get(row.key);
    return (
      other !== undefined &&
      other.priority === row.priority &&
      other.is_equal === row.is_equal &&
      other.up === row.up &&
      other.down === row.down
    );
  });
}

export function inRankOrder(rows: readonly PairSettingRow[]): PairSettingRow[] {
  return [...rows].sort((a, b) => a.priority - b.priority);
}
