import { PAIR_SETTING_KEYS, type PairSettingKey, type PairSettingRow } from '@loupe/contract/matching-pairs';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../platform/db/client.ts';

/**
 * The matching-pair index (decision 017): every stone's pairing attributes held in
 * typed arrays, and per set of settings the candidate pairs, best first. Stones are bucketed by
 * shape and the Equal attributes, sorted by carats within the bucket (largest first), and each
 * stone is compared only with the next `NEIGHBOURS` stones of its bucket that are within the
 * carat tolerance: a fixed number of comparisons per stone, never one per pair of stones.
 *
 * The `stones_pairing_version` sequence moves on with every statement that adds or removes
 * stones or changes what a pairing compares (migrations 0007, 0013); the index is read again
 * when it has, whichever instance made the change. A change of status does not move it: a
 * request checks its stones' status itself.
 */

/** How many following stones of its bucket each stone is compared with. */
export const NEIGHBOURS = 8;

/** Sizes are compared to this precision (doubles: 1.01 − 0.96 is 0.0500…04). */
export const TOLERANCE_SLACK = 1e-6;

/** A read of the index slower than this is done in the background next time. */
const SLOW_LOAD_MS = 500;

/** Settings whose candidates are kept per snapshot (a customer's tuning makes new ones). */
const KEPT_SETTINGS = 16;

const GRADE_COLUMNS = ['shape', 'color', 'fancyColor', 'fancyIntensity', 'clarity', 'fluorescence'] as const;
const SIZE_COLUMNS = ['carats', 'length', 'width', 'tablePercentage', 'depthPercentage'] as const;
type GradeColumn = (typeof GRADE_COLUMNS)[number];
type SizeColumn = (typeof SIZE_COLUMNS)[number];

const COLUMN_OF: Record<PairSettingKey, GradeColumn | SizeColumn> = {
  color: 'color',
  clarity: 'clarity',
  length: 'length',
  width: 'width',
  table_percentage: 'tablePercentage',
  depth_percentage: 'depthPercentage',
  fluorescence: 'fluorescence',
  carats: 'carats',
};

/** Candidate pairs, best first: stone positions in the snapshot and their score. */
export interface Candidates {
  first: Int32Array;
  second: Int32Array;
  score: Float64Array;
  length: number;
}

export class PairSnapshot {
  readonly ids: string[];
  readonly position = new Map<string, number>();
  /** Grades as ranks, −1 for none. */
  readonly grades: Record<GradeColumn, Int16Array>;
  /** Sizes, NaN for none. */
  readonly sizes: Record<SizeColumn, Float64Array>;
  private readonly kept = new Map<string, Candidates>();

  constructor(
    readonly version: string,
    text: string,
  ) {
    const lines = text ? text.split(';') : [];
    const n = lines.length;
    this.ids = new Array<string>(n);
    this.grades = Object.fromEntries(
      GRADE_COLUMNS.map((c) => [c, new Int16Array(n)]),
    ) as PairSnapshot['grades'];
    this.sizes = Object.fromEntries(
      SIZE_COLUMNS.map((c) => [c, new Float64Array(n)]),
    ) as PairSnapshot['sizes'];
    for (let i = 0; i < n; i++) {
      const fields = lines[i]!.split(',');
      this.ids[i] = fields[0]!;
      this.position.set(fields[0]!, i);
      GRADE_COLUMNS.forEach((column, k) => {
        const value = fields[1 + k];
        this.grades[column][i] = value ? Number(value) : -1;
      });
      SIZE_COLUMNS.forEach((column, k) => {
        const value = fields[1 + GRADE_COLUMNS.length + k];
        this.sizes[column][i] = value ? Number(value) : Number.NaN;
      });
    }
  }

  get size() {
    return this.ids.length;
  }

  /** second − first on one setting's attribute (grades in steps), NaN when either has none. */
  difference(key: PairSettingKey, first: number, second: number): number {
    const column = COLUMN_OF[key];
    if (column in this.sizes) {
      const values = this.sizes[column as SizeColumn];
      return values[second]! - values[first]!;
    }
    const values = this.grades[column as GradeColumn];
    const a = values[first]!;
    const b = values[second]!;
    return a < 0 || b < 0 ? Number.NaN : b - a;
  }

  /** The candidates of the whole snapshot under these settings, kept for the next request. */
  candidatesFor(settings: readonly PairSettingRow[]): Candidates {
    const signature = JSON.stringify(settings.map((r) => [r.key, r.priority, r.is_equal, r.up, r.down]));
    let found = this.kept.get(signature);
    if (!found) {
      found = this.candidatesOf(settings, null);
      if (this.kept.size >= KEPT_SETTINGS) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(signature, found);
    }
    return found;
  }

  /** The candidate pairs among these stones (all when null), best first. */
  candidatesOf(settings: readonly PairSettingRow[], among: readonly number[] | null): Candidates {
    const equal = settings.filter((row) => row.is_equal);
    const tolerant = settings.filter((row) => !row.is_equal);
    const carats = this.sizes.carats;
    const caratRow = tolerant.find((row) => row.key === 'carats');
    const caratReach = caratRow ? caratRow.down + TOLERANCE_SLACK : 0;

    // Buckets: shape and every Equal attribute (colour with the fancy colour and intensity).
    const keyColumns: (GradeColumn | SizeColumn)[] = ['shape', ...equal.map((row) => COLUMN_OF[row.key])];
    if (equal.some((row) => row.key === 'color')) keyColumns.push('fancyColor', 'fancyIntensity');
    const complete = (i: number) => {
      for (const row of settings) {
        const column = COLUMN_OF[row.key];
        if (row.key === 'color') {
          if (this.grades.color[i]! < 0 && (row.is_equal ? this.grades.fancyColor[i]! < 0 : true))
            return false;
        } else if (column in this.sizes) {
          if (Number.isNaN(this.sizes[column as SizeColumn][i]!)) return false;
        } else if (this.grades[column as GradeColumn][i]! < 0) return false;
      }
      return true;
    };
    const buckets = new Map<string, number[]>();
    const visit = (i: number) => {
      if (!complete(i)) return;
      let key = '';
      for (const column of keyColumns) {
        key += `${column in this.sizes ? this.sizes[column as SizeColumn][i] : this.grades[column as GradeColumn][i]},`;
      }
      const bucket = buckets.get(key);
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    };
    if (among) for (const i of among) visit(i);
    else for (let i = 0; i < this.size; i++) visit(i);

    const checks = tolerant.map((row) => ({
      row,
      low: -row.down - TOLERANCE_SLACK,
      high: row.up + TOLERANCE_SLACK,
      weight: PAIR_SETTING_KEYS.length + 1 - row.priority,
      up: row.up > 0 ? row.up : 1,
      down: row.down > 0 ? row.down : 1,
    }));
    const first: number[] = [];
    const second: number[] = [];
    const score: number[] = [];
    const ids = this.ids;
    for (const bucket of buckets.values()) {
      if (bucket.length < 2) continue;
      bucket.sort((a, b) => carats[b]! - carats[a]! || (ids[a]! < ids[b]! ? -1 : 1));
      for (let x = 0; x < bucket.length; x++) {
        const a = bucket[x]!;
        const end = Math.min(bucket.length, x + 1 + NEIGHBOURS);
        for (let y = x + 1; y < end; y++) {
          const b = bucket[y]!;
          if (caratRow && carats[a]! - carats[b]! > caratReach) break;
          let total = 0;
          let fits = true;
          for (const check of checks) {
            const d = this.difference(check.row.key, a, b);
            if (!(d >= check.low && d <= check.high)) {
              fits = false;
              break;
            }
            total += check.weight * (d >= 0 ? d / check.up : -d / check.down);
          }
          if (!fits) continue;
          first.push(a);
          second.push(b);
          score.push(total);
        }
      }
    }
    const order = Array.from(score.keys()).sort(
      (p, q) =>
        score[p]! - score[q]! ||
        carats[first[q]!]! - carats[first[p]!]! ||
        (ids[first[p]!]! < ids[first[q]!]! ? -1 : ids[first[p]!]! > ids[first[q]!]! ? 1 : 0) ||
        (ids[second[p]!]! < ids[second[q]!]! ? -1 : 1),
    );
    return {
      first: Int32Array.from(order, (p) => first[p]!),
      second: Int32Array.from(order, (p) => second[p]!),
      score: Float64Array.from(order, (p) => score[p]!),
      length: order.length,
    };
  }
}

/**
 * One instance's index: the snapshot of the stock's current version, read again (once, however
 * many requests ask at the same time) when `stones_pairing_version` has moved on.
 */
export class PairIndex {
  private snapshot: PairSnapshot | null = null;
  private loading: Promise<PairSnapshot> | null = null;
  /** How long the last read took: a slow one (a large stock) is not waited for again. */
  private lastLoadMs = 0;

  async current(db: Executor): Promise<PairSnapshot> {
    const [row] = await rows<{ version: string }>(
      db,
      sql`select (last_value::text || ':' || is_called::text) as version from stones_pairing_version`,
    );
    const version = row?.version ?? '';
    if (this.snapshot?.version === version) return this.snapshot;
    if (!this.loading) {
      const started = performance.now();
      this.loading = load(db, version)
        .then((loaded) => {
          this.snapshot = loaded;
          this.lastLoadMs = performance.now() - started;
          return loaded;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    // While a large stock is read again, the previous index answers: its stones are checked by
    // SQL on every request, so only stones added since are missing for those few seconds.
    if (this.snapshot && this.lastLoadMs > SLOW_LOAD_MS) return this.snapshot;
    return this.loading;
  }
}

/**
 * Every stone's pairing attributes as one text per shape: PGlite hands a row over far
 * more slowly than a long string, and the stock has a few dozen shapes at most.
 */
async function load(db: Executor, version: string): Promise<PairSnapshot> {
  const found = await rows<{ stones: string | null }>(
    db,
    sql`select string_agg(concat_ws(',', id, shape::text, coalesce(color::text, ''),
        coalesce(fancy_color::text, ''), coalesce(fancy_intensity::text, ''),
        coalesce(clarity::text, ''), coalesce(fluorescence::text, ''),
        carats::text, coalesce(length::text, ''), coalesce(width::text, ''),
        coalesce(table_percentage::text, ''),
        coalesce(depth_percentage::text, '')), ';') as stones
        from stones group by shape`,
  );
  return new PairSnapshot(
    version,
    found
      .map((r) => r.stones ?? '')
      .filter(Boolean)
      .join(';'),
  );
}
