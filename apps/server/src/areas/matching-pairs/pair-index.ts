import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../platform/db/client.ts';
import { givingWay } from '../../platform/give-way.ts';
import { idText, idWordsInto } from '../search/index.ts';

/**
 * The matching-pair index (decision 017, amended by 033): every stone's pairing attributes held
 * in typed arrays, one position per stone in order of id, and the order of every stone by carats
 * (largest first, then id) that a pairing walks. Per set of settings (`PairRules`, pair-rules.ts)
 * each stone's bucket (shape and the Equal attributes); a pool is paired by sorting its positions
 * by bucket and that order and comparing each stone with the next few of its bucket.
 *
 * The `stones_pairing_version` sequence moves on with every statement that adds or removes
 * stones or changes what a pairing compares (migrations 0007, 0013); the index is read again
 * when it has, whichever instance made the change. A change of status does not move it: a
 * request checks its stones' status itself.
 */

/** A read of the index slower than this is done in the background next time. */
const SLOW_LOAD_MS = 500;

/** Stones read per text (PGlite hands a row over far more slowly than a long string). */
const LOAD_CHUNK = 100_000;

export const GRADE_COLUMNS = [
  'shape',
  'color',
  'fancyColor',
  'fancyIntensity',
  'clarity',
  'fluorescence',
] as const;
export const SIZE_COLUMNS = ['carats', 'length', 'width', 'tablePercentage', 'depthPercentage'] as const;
export type GradeColumn = (typeof GRADE_COLUMNS)[number];
export type SizeColumn = (typeof SIZE_COLUMNS)[number];

export class PairSnapshot {
  readonly size: number;
  /** Each stone's id as four words, in order of id (a position is a rank by id). */
  readonly idWords: Uint32Array;
  /** Grades as ranks, −1 for none. */
  readonly grades: Record<GradeColumn, Int16Array>;
  /** Sizes, NaN for none. */
  readonly sizes: Record<SizeColumn, Float64Array>;
  /** Positions by carats, largest first, then by id. */
  readonly byCarats: Int32Array;
  /** Each position's place in `byCarats`. */
  readonly caratRank: Int32Array;

  private constructor(
    readonly version: string,
    read: Pick<PairSnapshot, 'idWords' | 'grades' | 'sizes' | 'byCarats' | 'caratRank'>,
  ) {
    this.size = read.byCarats.length;
    this.idWords = read.idWords;
    this.grades = read.grades;
    this.sizes = read.sizes;
    this.byCarats = read.byCarats;
    this.caratRank = read.caratRank;
  }

  /**
   * The snapshot of `lines`, one stone a line (id, grades, sizes) in order of id, read giving way
   * to the event loop every few milliseconds: read in one go, a million stones held the server's
   * thread for 2 s, every request waiting behind them (decision 070's amendment).
   */
  static async read(version: string, lines: readonly string[]): Promise<PairSnapshot> {
    const n = lines.length;
    const idWords = new Uint32Array(n * 4);
    const grades = Object.fromEntries(
      GRADE_COLUMNS.map((c) => [c, new Int16Array(n)]),
    ) as PairSnapshot['grades'];
    const sizes = Object.fromEntries(
      SIZE_COLUMNS.map((c) => [c, new Float64Array(n)]),
    ) as PairSnapshot['sizes'];
    const gradeColumns = GRADE_COLUMNS.map((column) => grades[column]);
    const sizeColumns = SIZE_COLUMNS.map((column) => sizes[column]);
    const giveWay = givingWay();
    for (let i = 0; i < n; i++) {
      const pause = giveWay();
      if (pause) await pause;
      const fields = lines[i]!.split(',');
      idWordsInto(fields[0]!, idWords, i * 4);
      for (let k = 0; k < gradeColumns.length; k++) {
        const value = fields[1 + k];
        gradeColumns[k]![i] = value ? Number(value) : -1;
      }
      for (let k = 0; k < sizeColumns.length; k++) {
        const value = fields[1 + gradeColumns.length + k];
        sizeColumns[k]![i] = value ? Number(value) : Number.NaN;
      }
    }
    const [byCarats, caratRank] = await caratOrder(sizes.carats, giveWay);
    return new PairSnapshot(version, { idWords, grades, sizes, byCarats, caratRank });
  }

  idAt(position: number): string {
    return idText(this.idWords, position * 4);
  }

  /** The position of the stone whose id is the four words of `words` at `at`, or −1 (binary search). */
  positionOfWords(words: Uint32Array, at: number): number {
    const own = this.idWords;
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      let order = 0;
      for (let w = 0; w < 4 && order === 0; w++) {
        const a = own[mid * 4 + w]!;
        const b = words[at + w]!;
        order = a < b ? -1 : a > b ? 1 : 0;
      }
      if (order === 0) return mid;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private readonly oneId = new Uint32Array(4);

  positionOf(id: string): number {
    idWordsInto(id, this.oneId, 0);
    return this.positionOfWords(this.oneId, 0);
  }
}

/**
 * Every position by carats (largest first, then by position, which is by id) and each
 * position's place in that order, by one native sort of numbers: the distinct carat values
 * (a few thousand) number the weights, and weight number × 2²⁴ + position is exact in a double.
 * Its loops give way with `giveWay`; the sort holds the thread (about 0.1 s at a million stones).
 */
async function caratOrder(
  carats: Float64Array,
  giveWay: () => Promise<void> | undefined,
): Promise<[Int32Array, Int32Array]> {
  const n = carats.length;
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) {
    const pause = giveWay();
    if (pause) await pause;
    seen.add(carats[i]!);
  }
  const weights = Float64Array.from(seen).sort();
  const d = weights.length;
  const slot = 2 ** Math.max(1, Math.ceil(Math.log2(n + 1)));
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const pause = giveWay();
    if (pause) await pause;
    // Binary search of the stone's weight; the heaviest gets number 0.
    let lo = 0;
    let hi = d - 1;
    const c = carats[i]!;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (weights[mid]! < c) lo = mid + 1;
      else hi = mid;
    }
    keys[i] = (d - 1 - lo) * slot + i;
  }
  keys.sort();
  const byCarats = new Int32Array(n);
  const rank = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const pause = giveWay();
    if (pause) await pause;
    const position = keys[k]! % slot;
    byCarats[k] = position;
    rank[position] = k;
  }
  return [byCarats, rank];
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

/** Every stone's pairing attributes, in order of id, as one text per 100,000 stones. */
async function load(db: Executor, version: string): Promise<PairSnapshot> {
  const lines: string[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const [chunk] = await rows<{ lines: string | null }>(
      db,
      sql`select string_agg(line, ';' order by id) as lines from (
        select id, concat_ws(',', id, shape::text, coalesce(color::text, ''),
          coalesce(fancy_color::text, ''), coalesce(fancy_intensity::text, ''),
          coalesce(clarity::text, ''), coalesce(fluorescence::text, ''),
          carats::text, coalesce(length::text, ''), coalesce(width::text, ''),
          coalesce(table_percentage::text, ''), coalesce(depth_percentage::text, '')) as line
        from stones where id > ${after}::uuid order by id limit ${LOAD_CHUNK}) s`,
    );
    if (!chunk?.lines) break;
    const read = chunk.lines.split(';');
    for (const line of read) lines.push(line);
    after = read.at(-1)!.slice(0, 36);
    if (read.length < LOAD_CHUNK) break;
  }
  return PairSnapshot.read(version, lines);
}
