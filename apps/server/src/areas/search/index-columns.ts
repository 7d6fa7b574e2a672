import { FACET_GROUPS } from '@loupe/contract/search-filters';
import { givingWay } from '../../platform/give-way.ts';
import { GRADED_COLUMNS } from '../stones/index.ts';

/**
 * The search index's storage (decision 023): one row per searchable stone, an attribute per
 * typed array. Rows are laid out in order of carats: nearly every search names a carat band, a
 * band is a few percent of the stock, and its rows are then one contiguous stretch found by
 * binary search and read front to back (the same rows picked one by one from a million cost
 * more than reading all of them in order). Stones added or whose carats change since the last
 * arrangement go to the tail, which every carat search reads whole; a removed stone's row stays
 * in place, dead. When tail and dead rows pass a twentieth of the stock, the rows are arranged
 * again (a native sort of one number per row and a copy of every column).
 */

/** Graded attributes the index holds as ranks (0 = none): every facet group, and the fancy colour's. */
export const INDEX_RANKS = [...FACET_GROUPS, 'fancy_color', 'fancy_intensity', 'fancy_overtone'] as const;
export type IndexRank = (typeof INDEX_RANKS)[number];
/** Decimal attributes the index holds (never null in the table). */
export const INDEX_NUMBERS = ['carats', 'discount', 'price_per_carat', 'amount'] as const;
export type IndexNumber = (typeof INDEX_NUMBERS)[number];

for (const key of INDEX_RANKS) {
  if (GRADED_COLUMNS[key].list.length > 255) throw new Error(`${key} has too many grades for one byte`);
}

/** Rows an arrangement goes through between two of its steps (see `arrangeGivingWay`). */
const ARRANGE_STEP = 2_048;

/** Rows a sort key can name beside carats in cents (a double holds 53 bits). */
const ROW_BITS = 2 ** 24;

/** A uuid as four 32-bit words into `out` at `at` (its hex digits read one by one: no strings made). */
export function idWordsInto(id: string, out: Uint32Array, at: number) {
  let w = at;
  let value = 0;
  let digits = 0;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c === 45) continue;
    value = value * 16 + (c <= 57 ? c - 48 : (c | 32) - 87);
    if (++digits === 8) {
      out[w++] = value;
      value = 0;
      digits = 0;
    }
  }
}

const oneId = new Uint32Array(4);

/** A uuid as four 32-bit words. */
function wordsOf(id: string): [number, number, number, number] {
  idWordsInto(id, oneId, 0);
  return [oneId[0]!, oneId[1]!, oneId[2]!, oneId[3]!];
}

/** The uuid whose four words are at `at` of `words`. */
export function idText(words: Uint32Array, at: number): string {
  const hex = (i: number) => words[at + i]!.toString(16).padStart(8, '0');
  const h = hex(0) + hex(1) + hex(2) + hex(3);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** 52 bits of a uuid (past its version digit) as a number: the key of the id → row map. */
function keyOf(w0: number, w1: number) {
  return w0 * 2 ** 20 + (w1 >>> 16) * 16 + ((w1 >>> 8) & 0xf);
}

let columnSerials = 0;

export class StoneColumns {
  size = 0;
  capacity: number;
  /** Live rows. */
  count = 0;
  /**
   * What the rows hold, as one text that changes with every stone put, removed or moved:
   * results kept by the holder's version are recomputed after any change.
   */
  get version(): string {
    return `${this.serial}:${this.changes}`;
  }
  private readonly serial = ++columnSerials;
  private changes = 0;
  alive: Uint8Array;
  ranks: Record<IndexRank, Uint8Array>;
  numbers: Record<IndexNumber, Float64Array>;
  /** The status's rank (Available, Hold or Memo: the index holds searchable stones only). */
  status: Uint8Array;
  /**
   * The default order (shape, carats, colour, clarity; no grade last) as one number per row, so
   * the most common order is one comparison: shape · 2³¹ + carats in cents · 2¹⁸ + colour · 2⁹ +
   * clarity, each rank 256 when absent (39 bits, exact in a double).
   */
  orderKey: Float64Array;
  /** Rows before this are in order of carats (dead ones keep their carats). */
  arranged = 0;
  private idWords: Uint32Array;
  private rowOf = new Map<number, number>();
  /** Ids whose key another id already has (about one in ten thousand at a million stones). */
  private collided = new Map<string, number>();
  /** Dead rows of the tail, for reuse. */
  private free: number[] = [];
  private deadArranged = 0;

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.alive = new Uint8Array(capacity);
    this.status = new Uint8Array(capacity);
    this.orderKey = new Float64Array(capacity);
    this.idWords = new Uint32Array(capacity * 4);
    this.ranks = Object.fromEntries(INDEX_RANKS.map((k) => [k, new Uint8Array(capacity)])) as never;
    this.numbers = Object.fromEntries(INDEX_NUMBERS.map((k) => [k, new Float64Array(capacity)])) as never;
  }

  private resize(capacity: number) {
    const moved = <T extends Uint8Array | Float64Array | Uint32Array>(from: T, width = 1): T => {
      const to = new (from.constructor as new (n: number) => T)(capacity * width);
      to.set(from.subarray(0, this.size * width));
      return to;
    };
    this.alive = moved(this.alive);
    this.status = moved(this.status);
    this.orderKey = moved(this.orderKey);
    this.idWords = moved(this.idWords, 4);
    for (const key of INDEX_RANKS) this.ranks[key] = moved(this.ranks[key]);
    for (const key of INDEX_NUMBERS) this.numbers[key] = moved(this.numbers[key]);
    this.capacity = capacity;
  }

  /**
   * A copy of its own (the search index builds a large change on one beside the live one, decision
   * 053). Without `ids`, the copy cannot find its stones until it is arranged (the arrangement makes
   * the id map afresh): a million stones' map is the slowest part of a copy.
   */
  copy({ ids = true } = {}): StoneColumns {
    const to = new StoneColumns(0);
    to.size = this.size;
    to.capacity = this.capacity;
    to.count = this.count;
    to.alive = this.alive.slice();
    to.status = this.status.slice();
    to.orderKey = this.orderKey.slice();
    to.idWords = this.idWords.slice();
    for (const key of INDEX_RANKS) to.ranks[key] = this.ranks[key].slice();
    for (const key of INDEX_NUMBERS) to.numbers[key] = this.numbers[key].slice();
    to.arranged = this.arranged;
    if (ids) {
      to.rowOf = new Map(this.rowOf);
      to.collided = new Map(this.collided);
      to.free = this.free.slice();
    }
    to.deadArranged = this.deadArranged;
    return to;
  }

  idAt(row: number): string {
    return idText(this.idWords, row * 4);
  }

  private holds(row: number, words: readonly number[]) {
    const at = row * 4;
    const w = this.idWords;
    return w[at] === words[0] && w[at + 1] === words[1] && w[at + 2] === words[2] && w[at + 3] === words[3];
  }

  /** The row of a stone, or undefined when the index does not hold it. */
  find(id: string): number | undefined {
    const words = wordsOf(id);
    const row = this.rowOf.get(keyOf(words[0], words[1]));
    if (row !== undefined && this.holds(row, words)) return row;
    return this.collided.get(id);
  }

  /** The row of the stone whose id is the four words of `words` at `at` (no text made unless its key collides). */
  findWords(words: Uint32Array, at: number): number | undefined {
    const row = this.rowOf.get(keyOf(words[at]!, words[at + 1]!));
    const w = this.idWords;
    if (row !== undefined) {
      const own = row * 4;
      if (
        w[own] === words[at] &&
        w[own + 1] === words[at + 1] &&
        w[own + 2] === words[at + 2] &&
        w[own + 3] === words[at + 3]
      )
        return row;
    }
    return this.collided.size === 0 ? undefined : this.collided.get(idText(words, at));
  }

  /** A row's id as four words into `out` at `at`. */
  wordsInto(row: number, out: Uint32Array, at: number) {
    out.set(this.idWords.subarray(row * 4, row * 4 + 4), at);
  }

  private place(row: number, words: readonly number[], id: string) {
    this.idWords.set(words, row * 4);
    const key = keyOf(words[0]!, words[1]!);
    if (this.rowOf.has(key)) this.collided.set(id, row);
    else this.rowOf.set(key, row);
  }

  /** Adds or replaces a stone: `fields` are the line's values after the id (ranks, numbers, status). */
  put(id: string, fields: readonly string[]) {
    this.changes++;
    let row = this.find(id);
    const carats = Number(fields[INDEX_RANKS.length]);
    if (row !== undefined && row < this.arranged && this.numbers.carats[row] !== carats) {
      // Its carats changed: the row would break the order, so the stone moves to the tail.
      this.remove(id);
      row = undefined;
    }
    if (row === undefined) {
      row = this.free.pop();
      if (row === undefined) {
        if (this.size === this.capacity) this.resize(this.capacity * 2);
        row = this.size++;
      }
      this.place(row, wordsOf(id), id);
      this.alive[row] = 1;
      this.count++;
    }
    let i = 0;
    for (const key of INDEX_RANKS) this.ranks[key][row] = Number(fields[i++]);
    for (const key of INDEX_NUMBERS) this.numbers[key][row] = Number(fields[i++]);
    this.status[row] = Number(fields[i]);
    const color = this.ranks.color[row] || 256;
    const clarity = this.ranks.clarity[row] || 256;
    const cents = Math.round(this.numbers.carats[row]! * 100);
    this.orderKey[row] = this.ranks.shape[row]! * 2 ** 31 + cents * 2 ** 18 + color * 2 ** 9 + clarity;
  }

  remove(id: string) {
    const row = this.find(id);
    if (row === undefined) return;
    this.changes++;
    const words = wordsOf(id);
    const key = keyOf(words[0], words[1]);
    if (this.rowOf.get(key) === row) this.rowOf.delete(key);
    else this.collided.delete(id);
    this.alive[row] = 0;
    this.count--;
    if (row < this.arranged) this.deadArranged++;
    else this.free.push(row);
  }

  putLine(line: string) {
    const fields = line.split(',');
    this.put(fields[0]!, fields.slice(1));
  }

  /** Whether the tail and the dead rows have grown enough to arrange the rows again. */
  get untidy() {
    return this.size - this.arranged + this.deadArranged > Math.max(2_000, this.count / 20);
  }

  /** Lays the live rows out in order of carats (then by their previous place). */
  arrange() {
    for (const _ of this.arranging());
  }

  /**
   * `arrange` giving way to the event loop every few milliseconds, for columns nobody reads yet (a
   * large upload's staged copy, decision 057; the live columns' copy, decision 070): arranging
   * 74,000 rows held the loop for 110-180 ms on a loaded machine. The rows change all at once, at
   * the end.
   */
  async arrangeGivingWay() {
    const giveWay = givingWay(true);
    for (const _ of this.arranging()) {
      const pause = giveWay();
      if (pause) await pause;
    }
  }

  /**
   * These rows as they are now, arranged in a copy a few milliseconds at a time (decision 070):
   * what changes these columns meanwhile does not change the copy.
   */
  async arrangedCopy(): Promise<StoneColumns> {
    const to = this.copy({ ids: false });
    await to.arrangeGivingWay();
    return to;
  }

  /** The arrangement as steps (it yields every `ARRANGE_STEP` rows); `this` changes after the last one. */
  private *arranging(): Generator<undefined, void> {
    if (this.size >= ROW_BITS) throw new Error('stone index: too many rows to arrange');
    const keys = new Float64Array(this.count);
    let n = 0;
    const carats = this.numbers.carats;
    for (let from = 0; from < this.size; from += ARRANGE_STEP) {
      const end = Math.min(this.size, from + ARRANGE_STEP);
      for (let row = from; row < end; row++) {
        if (this.alive[row] === 1) keys[n++] = Math.round(carats[row]! * 100) * ROW_BITS + row;
      }
      yield;
    }
    keys.sort();
    yield;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = keys[i]! % ROW_BITS;
    const capacity = Math.max(1024, n + (n >> 4));
    function* moved<T extends Uint8Array | Float64Array | Uint32Array>(
      from: T,
      width = 1,
    ): Generator<undefined, T> {
      const to = new (from.constructor as new (n: number) => T)(capacity * width);
      for (let start = 0; start < order.length; start += ARRANGE_STEP) {
        const end = Math.min(order.length, start + ARRANGE_STEP);
        for (let i = start; i < end; i++) {
          for (let w = 0; w < width; w++) to[i * width + w] = from[order[i]! * width + w]!;
        }
        yield;
      }
      return to;
    }
    const alive = yield* moved(this.alive);
    const status = yield* moved(this.status);
    const orderKey = yield* moved(this.orderKey);
    const idWords = yield* moved(this.idWords, 4);
    const ranks = {} as Record<IndexRank, Uint8Array>;
    for (const key of INDEX_RANKS) ranks[key] = yield* moved(this.ranks[key]);
    const numbers = {} as Record<IndexNumber, Float64Array>;
    for (const key of INDEX_NUMBERS) numbers[key] = yield* moved(this.numbers[key]);
    const rowOf = new Map<number, number>();
    const collided = new Map<string, number>();
    for (let from = 0; from < n; from += ARRANGE_STEP) {
      const end = Math.min(n, from + ARRANGE_STEP);
      for (let row = from; row < end; row++) {
        const key = keyOf(idWords[row * 4]!, idWords[row * 4 + 1]!);
        if (rowOf.has(key)) collided.set(idText(idWords, row * 4), row);
        else rowOf.set(key, row);
      }
      yield;
    }
    this.alive = alive;
    this.status = status;
    this.orderKey = orderKey;
    this.idWords = idWords;
    this.ranks = ranks;
    this.numbers = numbers;
    this.capacity = capacity;
    this.rowOf = rowOf;
    this.collided = collided;
    this.size = n;
    this.arranged = n;
    this.changes++;
    this.deadArranged = 0;
    this.free = [];
  }

  /** First arranged row whose carats are at least `value`. */
  private firstFrom(value: number) {
    let lo = 0;
    let hi = this.arranged;
    const carats = this.numbers.carats;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (carats[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The live rows whose carats lie within one of the ranges, into `out`; answers how many. */
  withinCarats(ranges: readonly [number, number][], out: Int32Array): number {
    let kept = 0;
    const { alive } = this;
    const carats = this.numbers.carats;
    for (const [from, to] of ranges) {
      const end = this.firstFrom(to + 1e-9);
      for (let row = this.firstFrom(from - 1e-9); row < end; row++) {
        const c = carats[row]!;
        if (alive[row] === 1 && c >= from && c <= to) out[kept++] = row;
      }
    }
    for (let row = this.arranged; row < this.size; row++) {
      if (alive[row] === 0) continue;
      const c = carats[row]!;
      for (const [from, to] of ranges) {
        if (c >= from && c <= to) {
          out[kept++] = row;
          break;
        }
      }
    }
    return kept;
  }
}
