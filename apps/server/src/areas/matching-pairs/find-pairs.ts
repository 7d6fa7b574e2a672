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
  stoneConditions,
  stonePool,
} from '../search/index.ts';
import { type StockViewer, selectStones, statusRank, toStone, viewOf } from '../stones/index.ts';
import type { Candidates, PairIndex } from './pair-index.ts';

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
  candidates: Candidates,
  max: number,
  refused?: ReadonlySet<number>,
  accept?: (i: number) => boolean,
): [number, number, number][] {
  const taken = new Set<number>();
  const picked: [number, number, number][] = [];
  for (let p = 0; p < candidates.length && picked.length < max; p++) {
    const a = candidates.first[p]!;
    const b = candidates.second[p]!;
    if (taken.has(a) || taken.has(b) || refused?.has(a) || refused?.has(b)) continue;
    if (accept && !(accept(a) && accept(b))) continue;
    taken.add(a);
    taken.add(b);
    picked.push([a, b, candidates.score[p]!]);
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
      max: OWN_POOL_MAX,
    }),
  ]);
  const asPairs = (picked: [number, number, number][]) =>
    picked.map(([a, b, score]) => ({ first: snapshot.ids[a]!, second: snapshot.ids[b]!, score }));

  if (inMemory) {
    // The search index knows the pool (decision 023): a narrow one is paired among itself, a
    // broad one walks the whole stock's candidates, each stone checked in memory once.
    if (inMemory.ids) {
      const among = inMemory.ids.flatMap((id) => snapshot.position.get(id) ?? []);
      return asPairs(pickPairs(snapshot.candidatesOf(search.settings, among), PAIR_LIMITS.maxPairs));
    }
    const known = new Int8Array(snapshot.size);
    const accept = (i: number) => {
      if (known[i] === 0) known[i] = inMemory.has(snapshot.ids[i]!) ? 1 : -1;
      return known[i] === 1;
    };
    return asPairs(
      pickPairs(snapshot.candidatesFor(search.settings), PAIR_LIMITS.maxPairs, undefined, accept),
    );
  }

  // The share of the stock the filters keep, as the planner expects it (1 without filters).
  let share = 1;
  if (search.gemtracOnly || filtersNarrow(search.filters)) {
    const query = sql`select id from ${stones} where ${pool}`;
    const estimate = await estimatedRows(db, query);
    share = Math.min(1, Math.max(estimate, 1) / Math.max(snapshot.size, 1));
    if (estimate <= NARROW_ESTIMATE) {
      const narrow = await idsOf(db, sql`${query} limit ${OWN_POOL_MAX + 1}`);
      if (narrow.length <= OWN_POOL_MAX) {
        const among = narrow.flatMap((id) => snapshot.position.get(id) ?? []);
        return asPairs(pickPairs(snapshot.candidatesOf(search.settings, among), PAIR_LIMITS.maxPairs));
      }
    }
  }

  // A broad pool: the whole stock's candidates, best first, each stone checked against the
  // filters and its status by id, in batches ahead of the pairs picked so far: as many as the
  // pool's share of the stock says it takes to find 150 pairs, then twice as many each time.
  const candidates = snapshot.candidatesFor(search.settings);
  const refused = new Set<number>();
  const accepted = new Set<number>();
  const first = Math.min(CHECK_MAX, Math.max(FIRST_CHECK, Math.ceil((2 * FIRST_CHECK) / share)));
  for (let batch = first; ; batch = Math.min(batch * 2, CHECK_MAX)) {
    const picked = pickPairs(candidates, PAIR_LIMITS.maxPairs, refused);
    const unchecked = new Set(picked.flatMap((pair) => pair.slice(0, 2)).filter((i) => !accepted.has(i)));
    if (unchecked.size === 0) return asPairs(picked);
    for (let p = 0; p < candidates.length && unchecked.size < batch; p++) {
      for (const i of [candidates.first[p]!, candidates.second[p]!]) {
        if (!accepted.has(i) && !refused.has(i)) unchecked.add(i);
      }
    }
    const ids = [...unchecked].map((i) => snapshot.ids[i]!);
    const found = new Set(
      await idsOf(db, sql`select id from ${stones} where ${and(inArray(stones.id, ids), pool)}`),
    );
    for (const i of unchecked) (found.has(snapshot.ids[i]!) ? accepted : refused).add(i);
  }
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

const RAW_FIELD: Record<PairSettingKey, keyof RawStone> = {
  color: 'color',
  clarity: 'clarity',
  length: 'length',
  width: 'width',
  table_percentage: 'tablePercentage',
  depth_percentage: 'depthPercentage',
  fluorescence: 'fluorescence',
  carats: 'carats',
};

/** second − first on one attribute: grades in steps of the trade's order, sizes to 2 decimals. */
export function differenceOf(key: PairSettingKey, first: RawStone, second: RawStone): number {
  const a = first[RAW_FIELD[key]];
  const b = second[RAW_FIELD[key]];
  if (typeof a !== 'number' || typeof b !== 'number') return 0;
  return Math.round((b - a) * 100) / 100;
}
