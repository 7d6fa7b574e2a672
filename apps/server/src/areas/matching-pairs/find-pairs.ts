import {
  PAIR_LIMITS,
  PAIR_SETTING_KEYS,
  type PairSettingKey,
  type PairSettingRow,
  type StonePair,
} from '@loupe/contract/matching-pairs';
import type { StoneFilters } from '@loupe/contract/search-filters';
import type { Stone } from '@loupe/contract/stones';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rows } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { markInCart } from '../cart/index.ts';
import {
  assertPriceAccess,
  filtersNarrow,
  type StoneIndex,
  type StonePool,
  stoneConditions,
  stonePool,
} from '../search/index.ts';
import { type StockViewer, selectStones, statusRank, toStone, viewOf } from '../stones/index.ts';
import type { PairIndex, PairSnapshot } from './pair-index.ts';
import { type BestFirst, PAIR_COLUMN, type PairRules, rulesFor } from './pair-rules.ts';

/** A filtered pool up to this size is paired on its own; a larger one through the index's candidates. */
const OWN_POOL_MAX = 30_000;
/** A pool the planner expects to be larger than this is not read at all. */
const NARROW_ESTIMATE = 15_000;
/** Stones checked by id in the first round trip of a broad pool; each further one checks twice as many. */
const FIRST_CHECK = 400;
const CHECK_MAX = 16_000;

export interface PairSearch {
  filters: StoneFilters;
  settings: readonly PairSettingRow[];
  now: Date;
  gemtracOnly?: boolean;
}

export interface PickedPair {
  first: string;
  second: string;
  score: number;
}

/**
 * Best first, each stone in at most one pair: walk the candidates in score order and keep a
 * pair when neither stone is taken yet (nor refused).
 */
export function pickPairs(
  candidates: BestFirst,
  max: number,
  refused?: ReadonlySet<number>,
  accept?: (i: number) => boolean,
): [number, number, number][] {
  const taken = new Set<number>();
  const picked: [number, number, number][] = [];
  while (picked.length < max && candidates.next()) {
    const { first: a, second: b } = candidates;
    if (taken.has(a) || taken.has(b) || refused?.has(a) || refused?.has(b)) continue;
    if (accept && !(accept(a) && accept(b))) continue;
    taken.add(a);
    taken.add(b);
    picked.push([a, b, candidates.score]);
  }
  return picked;
}

/** The planner's estimate of a query's rows: reading a broad pool's ids would cost more than checking candidates. */
async function estimatedRows(db: Database, query: SQL): Promise<number> {
  const [row] = await rows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = row ? Object.values(row)[0] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    | [{ Plan: { 'Plan Rows': number } }]
    | null;
  return plan?.[0]?.Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

/** The ids of a query's stones as one text (PGlite hands a row over slowly). */
async function idsOf(db: Database, query: SQL): Promise<string[]> {
  const [row] = await rows<{ ids: string | null }>(
    db,
    sql`select string_agg(id::text, ',') as ids from (${query}) q`,
  );
  return row?.ids ? row.ids.split(',') : [];
}

/**
 * `GET /store/products-matching-pair`: Available stones within the search form's filters,
 * paired by the customer's settings, best first, each stone in at most one pair, at most 150.
 * A narrow filter's stones are paired among themselves; a broad one's pairs come from the
 * index's candidates of the whole stock, each stone checked against the filters by id.
 */
export async function findPairs(
  db: Database,
  indexes: { pairs: PairIndex; stones?: StoneIndex },
  viewer: StockViewer,
  search: PairSearch,
  /** Where a pool stops being paired on its own (tests move it to reach the broad walk on a small stock). */
  limits = { ownPool: OWN_POOL_MAX, narrowEstimate: NARROW_ESTIMATE },
): Promise<PickedPair[]> {
  assertPriceAccess(viewer, search.filters);
  const available = statusRank('Available');
  const pool = and(
    stoneConditions(search.filters, {
      stock: 'searchable',
      now: search.now,
      gemtracOnly: search.gemtracOnly,
    }),
    eq(stones.status, available),
  )!;
  const [snapshot, inMemory] = await Promise.all([
    indexes.pairs.current(db),
    stonePool(indexes.stones, search.filters, {
      status: available,
      gemtracOnly: search.gemtracOnly,
      max: limits.ownPool,
    }),
  ]);
  const rules = rulesFor(snapshot, search.settings);
  const asPairs = (picked: [number, number, number][]) =>
    picked.map(([a, b, score]) => ({ first: snapshot.idAt(a), second: snapshot.idAt(b), score }));
  const pairAmong = (ids: readonly string[]) => {
    const positions = Int32Array.from(ids, (id) => snapshot.positionOf(id));
    return asPairs(pickPairs(rules.among(positions, positions.length), PAIR_LIMITS.maxPairs));
  };

  if (inMemory) {
    // The search index knows the pool (decision 023). The best pairs of a filter are kept with
    // the settings' rules until the index changes (any stone put, removed or moved).
    const key = JSON.stringify(search.filters);
    const kept = rules.results.get(key);
    if (kept?.version === inMemory.version) return asPairs(kept.picked);
    const picked = await pairInMemory(snapshot, rules, inMemory.scan());
    rules.keep(key, inMemory.version, picked);
    return asPairs(picked);
  }

  // The share of the stock the filters keep, as the planner expects it (1 without filters).
  let share = 1;
  if (search.gemtracOnly || filtersNarrow(search.filters)) {
    const query = sql`select id from ${stones} where ${pool}`;
    const estimate = await estimatedRows(db, query);
    share = Math.min(1, Math.max(estimate, 1) / Math.max(snapshot.size, 1));
    if (estimate <= limits.narrowEstimate) {
      const narrow = await idsOf(db, sql`${query} limit ${limits.ownPool + 1}`);
      if (narrow.length <= limits.ownPool) {
        return pairAmong(narrow);
      }
    }
  }

  // A broad pool: the whole stock's candidates, best first, each stone checked against the
  // filters and its status by id, in batches ahead of the pairs picked so far: as many as the
  // pool's share of the stock says it takes to find 150 pairs, then twice as many each time.
  const refused = new Set<number>();
  const accepted = new Set<number>();
  const first = Math.min(CHECK_MAX, Math.max(FIRST_CHECK, Math.ceil((2 * FIRST_CHECK) / share)));
  for (let batch = first; ; batch = Math.min(batch * 2, CHECK_MAX)) {
    const picked = pickPairs(await rules.every(), PAIR_LIMITS.maxPairs, refused);
    const unchecked = new Set(picked.flatMap((pair) => pair.slice(0, 2)).filter((i) => !accepted.has(i)));
    if (unchecked.size === 0) return asPairs(picked);
    const walk = await rules.every();
    while (unchecked.size < batch && walk.next()) {
      for (const i of [walk.first, walk.second]) {
        if (!accepted.has(i) && !refused.has(i)) unchecked.add(i);
      }
    }
    const ids = [...unchecked].map((i) => snapshot.idAt(i));
    const found = new Set(
      await idsOf(db, sql`select id from ${stones} where ${and(inArray(stones.id, ids), pool)}`),
    );
    for (const i of unchecked) (found.has(snapshot.idAt(i)) ? accepted : refused).add(i);
  }
}

/**
 * A pool the search index gave: a narrow one is paired among itself, a broad one walks the whole
 * stock's candidates of its shapes, each stone checked in memory once.
 */
async function pairInMemory(snapshot: PairSnapshot, rules: PairRules, pool: StonePool) {
  const words = pool.idWords;
  if (words) {
    const positions = new Int32Array(pool.count);
    for (let k = 0; k < positions.length; k++) positions[k] = snapshot.positionOfWords(words, 4 * k);
    return pickPairs(rules.among(positions, positions.length), PAIR_LIMITS.maxPairs);
  }
  const known = new Int8Array(snapshot.size);
  const accept = (i: number) => {
    if (known[i] === 0) known[i] = pool.hasWords(snapshot.idWords, 4 * i) ? 1 : -1;
    return known[i] === 1;
  };
  return pickPairs(await rules.every(pool.shapes), PAIR_LIMITS.maxPairs, undefined, accept);
}

/** The picked pairs as the API shows them: whole stone rows, the score, every difference. */
export async function showPairs(
  db: Database,
  viewer: StockViewer,
  picked: readonly PickedPair[],
  settings: readonly PairSettingRow[],
): Promise<StonePair[]> {
  if (picked.length === 0) return [];
  const ids = picked.flatMap((pair) => [pair.first, pair.second]);
  const found = await selectStones(db, { where: inArray(stones.id, ids) });
  const byId = new Map(found.map((row) => [row.id, row]));
  const shown = await markInCart(
    db,
    viewer.customerId,
    found.map((row) => toStone(row, viewOf(viewer))),
  );
  const stoneById = new Map(shown.map((stone) => [stone.id, stone]));
  return picked.flatMap((pair) => {
    const first = stoneById.get(pair.first);
    const second = stoneById.get(pair.second);
    const a = byId.get(pair.first);
    const b = byId.get(pair.second);
    if (!first || !second || !a || !b) return [];
    return [
      {
        pair_id: `${first.id}_${second.id}`,
        stones: [first, second] as [Stone, Stone],
        score: Math.round(pair.score * 1000) / 1000,
        differences: settings
          .filter((row) => PAIR_SETTING_KEYS.includes(row.key))
          .map((row) => ({ key: row.key, difference: differenceOf(row.key, a, b) })),
      },
    ];
  });
}

type RawStone = Awaited<ReturnType<typeof selectStones>>[number];

/** second − first on one attribute: grades in steps of the trade's order, sizes to 2 decimals. */
export function differenceOf(key: PairSettingKey, first: RawStone, second: RawStone): number {
  const a = first[PAIR_COLUMN[key]];
  const b = second[PAIR_COLUMN[key]];
  if (typeof a !== 'number' || typeof b !== 'number') return 0;
  return Math.round((b - a) * 100) / 100;
}
