import { PAIR_SETTING_KEYS, type PairSettingKey, type PairSettingRow } from '@loupe/contract/matching-pairs';
import { givingWay } from '../../platform/give-way.ts';
import type { GradeColumn, PairSnapshot, SizeColumn } from './pair-index.ts';

/**
 * One set of settings over a snapshot (decision 017, amended by 033): each stone's bucket (shape
 * and the Equal attributes; −1 when it lacks a compared value), kept with the snapshot, so a
 * request pairs its pool without grouping or sorting stones by text: the pool's positions are
 * sorted by bucket and carats as numbers, and each stone is compared with the next `NEIGHBOURS`
 * stones of its bucket that are within the carat tolerance. The candidates of the whole stock
 * (a broad pool walks them) are computed once and kept.
 */

/** How many following stones of its bucket each stone is compared with. */
export const NEIGHBOURS = 8;

/** Stones a walk of the candidates goes through between two of its steps (see `pairing`). */
const PAIRING_STEP = 2_048;

/** Sizes are compared to this precision (doubles: 1.01 − 0.96 is 0.0500…04). */
export const TOLERANCE_SLACK = 1e-6;

/** The stone attribute each setting compares (a column of `stones`, and of the snapshot). */
export const PAIR_COLUMN: Record<PairSettingKey, GradeColumn | SizeColumn> = {
  color: 'color',
  clarity: 'clarity',
  length: 'length',
  width: 'width',
  table: 'tablePercentage',
  depth: 'depthPercentage',
  fluorescence: 'fluorescence',
  carat: 'carats',
};

const SIZE_SET = new Set<string>(['carats', 'length', 'width', 'tablePercentage', 'depthPercentage']);

/** Settings whose rules are kept per snapshot (a customer's tuning makes new ones). */
const KEPT_SETTINGS = 8;

/** Filters whose picked pairs are kept per set of settings. */
const KEPT_RESULTS = 64;

const kept = new WeakMap<PairSnapshot, Map<string, PairRules>>();

/** The rules of a set of settings over a snapshot, kept with it for the next request (the most recent eight). */
export function rulesFor(snapshot: PairSnapshot, settings: readonly PairSettingRow[]): PairRules {
  let mine = kept.get(snapshot);
  if (!mine) {
    mine = new Map();
    kept.set(snapshot, mine);
  }
  const signature = JSON.stringify(settings.map((r) => [r.key, r.priority, r.is_equal, r.up, r.down]));
  let found = mine.get(signature);
  if (found) mine.delete(signature);
  else {
    found = new PairRules(snapshot, settings);
    if (mine.size >= KEPT_SETTINGS) mine.delete(mine.keys().next().value!);
  }
  mine.set(signature, found);
  return found;
}

interface Check {
  values: Float64Array | Int16Array;
  low: number;
  high: number;
  weight: number;
  up: number;
  down: number;
}

export class PairRules {
  /** Each position's bucket, −1 when the stone is not paired under these settings. */
  readonly bucket: Int32Array;
  readonly buckets: number;
  private readonly checks: Check[];
  /** How far down in carats a partner may be (Infinity without a carat tolerance). */
  private readonly caratReach: number;
  private byShape: Promise<Map<number, CandidateList>> | null = null;
  /** Picked pairs (positions, score) by filter, with the search index's version they were picked from. */
  readonly results = new Map<string, { version: string; picked: [number, number, number][] }>();

  constructor(
    private readonly snapshot: PairSnapshot,
    settings: readonly PairSettingRow[],
  ) {
    const equal = settings.filter((row) => row.is_equal);
    const tolerant = settings.filter((row) => !row.is_equal);
    const caratRow = tolerant.find((row) => row.key === 'carat');
    this.caratReach = caratRow ? caratRow.down + TOLERANCE_SLACK : Number.POSITIVE_INFINITY;
    this.checks = tolerant.map((row) => {
      const column = PAIR_COLUMN[row.key];
      return {
        values: SIZE_SET.has(column)
          ? snapshot.sizes[column as SizeColumn]
          : snapshot.grades[column as GradeColumn],
        low: -row.down - TOLERANCE_SLACK,
        high: row.up + TOLERANCE_SLACK,
        weight: PAIR_SETTING_KEYS.length + 1 - row.priority,
        up: row.up > 0 ? row.up : 1,
        down: row.down > 0 ? row.down : 1,
      };
    });
    [this.bucket, this.buckets] = bucketsOf(snapshot, settings, equal);
  }

  /** Keeps a filter's picked pairs (the most recent `KEPT_RESULTS` filters). */
  keep(filters: string, version: string, picked: [number, number, number][]) {
    this.results.delete(filters);
    if (this.results.size >= KEPT_RESULTS) this.results.delete(this.results.keys().next().value!);
    this.results.set(filters, { version, picked });
  }

  /** The candidate pairs among these positions (any order; −1s are skipped), best first. */
  among(positions: Int32Array, n: number): BestFirst {
    const { bucket, snapshot } = this;
    const slot = snapshot.size;
    const keys = new Float64Array(n);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const p = positions[i]!;
      if (p >= 0 && bucket[p]! >= 0) keys[k++] = bucket[p]! * slot + snapshot.caratRank[p]!;
    }
    const steps = this.pairing(keys.subarray(0, k).sort());
    for (;;) {
      const step = steps.next();
      if (step.done) return new BestFirst([step.value], snapshot.caratRank);
    }
  }

  /**
   * The candidates of the whole snapshot by shape (a pair's stones share it), computed once: a
   * pool of some shapes walks only theirs, however rare they are in the stock. Computed giving way
   * to the event loop every few milliseconds: at a million stones it took half a second of the
   * server's thread in one go, every request waiting behind it (decision 070's amendment).
   */
  everyByShape(): Promise<Map<number, CandidateList>> {
    this.byShape ??= this.candidatesByShape().catch((err) => {
      this.byShape = null;
      throw err;
    });
    return this.byShape;
  }

  private async candidatesByShape(): Promise<Map<number, CandidateList>> {
    const { bucket, snapshot } = this;
    const giveWay = givingWay();
    const slot = snapshot.size;
    const keys = new Float64Array(slot);
    let k = 0;
    for (let p = 0; p < slot; p++) {
      const pause = giveWay();
      if (pause) await pause;
      if (bucket[p]! >= 0) keys[k++] = bucket[p]! * slot + snapshot.caratRank[p]!;
    }
    const steps = this.pairing(keys.subarray(0, k).sort());
    let step = steps.next();
    while (!step.done) {
      const pause = giveWay();
      if (pause) await pause;
      step = steps.next();
    }
    const all = step.value;
    const shapes = snapshot.grades.shape;
    const byShape = new Map<number, CandidateList>();
    for (let c = 0; c < all.length; c++) {
      const pause = giveWay();
      if (pause) await pause;
      const shape = shapes[all.first[c]!]!;
      let list = byShape.get(shape);
      if (!list) {
        list = new CandidateList(snapshot, 1024);
        byShape.set(shape, list);
      }
      list.push(all.first[c]!, all.second[c]!, all.score[c]!);
    }
    return byShape;
  }

  /** The whole snapshot's candidates of these shapes (every shape when null), best first. */
  async every(shapes: ReadonlySet<number> | null = null): Promise<BestFirst> {
    const lists: CandidateList[] = [];
    for (const [shape, list] of await this.everyByShape()) if (!shapes || shapes.has(shape)) lists.push(list);
    return new BestFirst(lists, this.snapshot.caratRank);
  }

  /**
   * Walks stones sorted by bucket, then carats (largest first), then id (`keys`: bucket ×
   * size + place by carats), comparing each with the next stones of its bucket; yields every
   * `PAIRING_STEP` stones, and answers the candidates.
   */
  private *pairing(keys: Float64Array): Generator<undefined, CandidateList> {
    const { snapshot, checks, caratReach } = this;
    const slot = snapshot.size;
    const n = keys.length;
    const order = new Int32Array(n);
    const bucketOf = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      const b = Math.floor(key / slot);
      bucketOf[i] = b;
      order[i] = snapshot.byCarats[key - b * slot]!;
    }
    const carats = snapshot.sizes.carats;
    const list = new CandidateList(snapshot, Math.min(n * NEIGHBOURS, 1 << 16));
    for (let x = 0; x < n; x++) {
      if (x % PAIRING_STEP === 0) yield;
      const a = order[x]!;
      const end = Math.min(n, x + 1 + NEIGHBOURS);
      for (let y = x + 1; y < end; y++) {
        if (bucketOf[y] !== bucketOf[x]) break;
        const b = order[y]!;
        if (carats[a]! - carats[b]! > caratReach) break;
        let total = 0;
        let fits = true;
        for (let c = 0; c < checks.length; c++) {
          const check = checks[c]!;
          const d = check.values[b]! - check.values[a]!;
          if (!(d >= check.low && d <= check.high)) {
            fits = false;
            break;
          }
          total += check.weight * (d >= 0 ? d / check.up : -d / check.down);
        }
        if (fits) list.push(a, b, total);
      }
    }
    return list;
  }
}

/** Each position's bucket under the settings: shape and the Equal attributes (colour with the fancy colour and intensity). */
function bucketsOf(
  snapshot: PairSnapshot,
  settings: readonly PairSettingRow[],
  equal: readonly PairSettingRow[],
): [Int32Array, number] {
  const { grades, sizes } = snapshot;
  const gradeKeys: Int16Array[] = [grades.shape];
  const sizeKeys: Float64Array[] = [];
  for (const row of equal) {
    const column = PAIR_COLUMN[row.key];
    if (SIZE_SET.has(column)) sizeKeys.push(sizes[column as SizeColumn]);
    else gradeKeys.push(grades[column as GradeColumn]);
  }
  if (equal.some((row) => row.key === 'color')) gradeKeys.push(grades.fancyColor, grades.fancyIntensity);
  // A stone lacking a compared value is not paired: a colour needs a white grade when it is
  // tolerant, a white or a fancy colour when Equal.
  const colorRow = settings.find((row) => row.key === 'color');
  const neededGrades: Int16Array[] = [];
  const neededSizes: Float64Array[] = [];
  for (const row of settings) {
    const column = PAIR_COLUMN[row.key];
    if (row.key === 'color') continue;
    if (SIZE_SET.has(column)) neededSizes.push(sizes[column as SizeColumn]);
    else neededGrades.push(grades[column as GradeColumn]);
  }
  const bucket = new Int32Array(snapshot.size);
  const numbered = new Map<number | string, number>();
  for (let p = 0; p < snapshot.size; p++) {
    let complete = true;
    if (colorRow && grades.color[p]! < 0 && (!colorRow.is_equal || grades.fancyColor[p]! < 0))
      complete = false;
    for (let g = 0; complete && g < neededGrades.length; g++) if (neededGrades[g]![p]! < 0) complete = false;
    for (let s = 0; complete && s < neededSizes.length; s++)
      if (Number.isNaN(neededSizes[s]![p]!)) complete = false;
    if (!complete) {
      bucket[p] = -1;
      continue;
    }
    // Grades are ranks below 256 (−1 for none): base 257 keeps up to six of them exact.
    let key: number | string = 0;
    for (let g = 0; g < gradeKeys.length; g++) key = key * 257 + gradeKeys[g]![p]! + 1;
    if (sizeKeys.length > 0) key = `${key},${sizeKeys.map((values) => values[p]).join(',')}`;
    let b = numbered.get(key);
    if (b === undefined) {
      b = numbered.size;
      numbered.set(key, b);
    }
    bucket[p] = b;
  }
  return [bucket, numbered.size];
}

/**
 * Candidate pairs (positions and score) and their order, best first: score, then the larger
 * first stone (carats, then id), then the second stone's id. Sorted lazily: a request usually
 * needs the first few hundred, so the best chunk is selected by score and sorted, then the next.
 */
export class CandidateList {
  first: Int32Array;
  second: Int32Array;
  score: Float64Array;
  length = 0;
  private order: Int32Array | null = null;
  private sorted = 0;

  constructor(
    private readonly snapshot: PairSnapshot,
    capacity: number,
  ) {
    const size = Math.max(16, capacity);
    this.first = new Int32Array(size);
    this.second = new Int32Array(size);
    this.score = new Float64Array(size);
  }

  push(a: number, b: number, score: number) {
    if (this.length === this.first.length) {
      const grown = this.first.length * 2;
      const grow = <T extends Int32Array | Float64Array>(from: T): T => {
        const to = new (from.constructor as new (n: number) => T)(grown);
        to.set(from);
        return to;
      };
      this.first = grow(this.first);
      this.second = grow(this.second);
      this.score = grow(this.score);
    }
    this.first[this.length] = a;
    this.second[this.length] = b;
    this.score[this.length++] = score;
  }

  /** The index of the `p`-th best candidate (p < length). */
  at(p: number): number {
    if (p >= this.sorted) this.sortTo(p + 1);
    return this.order![p]!;
  }

  private sortTo(wanted: number) {
    const n = this.length;
    if (!this.order) {
      this.order = new Int32Array(n);
      for (let i = 0; i < n; i++) this.order[i] = i;
    }
    const order = this.order;
    const { score, first, second } = this;
    const rank = this.snapshot.caratRank;
    const compare = (p: number, q: number) =>
      score[p]! - score[q]! || rank[first[p]!]! - rank[first[q]!]! || second[p]! - second[q]!;
    const from = this.sorted;
    const rest = n - from;
    const chunk = Math.max(wanted - from, 512, from);
    if (chunk >= rest) {
      order.subarray(from, n).sort(compare);
      this.sorted = n;
      return;
    }
    // The chunk's largest score, then every remaining candidate at or below it moved ahead.
    const scratch = new Float64Array(rest);
    for (let i = 0; i < rest; i++) scratch[i] = score[order[from + i]!]!;
    const bound = kthSmallest(scratch, chunk - 1);
    let end = from;
    for (let i = from; i < n; i++) {
      const c = order[i]!;
      if (score[c]! <= bound) {
        order[i] = order[end]!;
        order[end++] = c;
      }
    }
    order.subarray(from, end).sort(compare);
    this.sorted = end;
  }
}

/**
 * Candidates of several lists (each best first) merged best first: `next()` moves to the next
 * one and sets `first`, `second` and `score`.
 */
export class BestFirst {
  first = -1;
  second = -1;
  score = 0;
  private readonly heads: Int32Array;

  constructor(
    private readonly lists: readonly CandidateList[],
    private readonly rank: Int32Array,
  ) {
    this.heads = new Int32Array(lists.length);
  }

  next(): boolean {
    const { lists, heads, rank } = this;
    let best = -1;
    let bestIndex = -1;
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l]!;
      if (heads[l]! >= list.length) continue;
      const c = list.at(heads[l]!);
      if (best >= 0) {
        const top = lists[best]!;
        const order =
          list.score[c]! - top.score[bestIndex]! ||
          rank[list.first[c]!]! - rank[top.first[bestIndex]!]! ||
          list.second[c]! - top.second[bestIndex]!;
        if (order >= 0) continue;
      }
      best = l;
      bestIndex = c;
    }
    if (best < 0) return false;
    heads[best]!++;
    const list = lists[best]!;
    this.first = list.first[bestIndex]!;
    this.second = list.second[bestIndex]!;
    this.score = list.score[bestIndex]!;
    return true;
  }
}

/** The k-th smallest value (0-based) of `values`, which it reorders (quickselect). */
function kthSmallest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}
