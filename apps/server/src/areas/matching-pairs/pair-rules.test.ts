import {
  DEFAULT_PAIR_SETTINGS,
  PAIR_SETTING_KEYS,
  type PairSettingRow,
} from '@loupe/contract/matching-pairs';
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test/seeded-random.ts';
import { pickPairs } from './find-pairs.ts';
import { PairSnapshot } from './pair-index.ts';
import { NEIGHBOURS, rulesFor, TOLERANCE_SLACK } from './pair-rules.ts';

/**
 * The pair index (decision 033) pairs exactly as decision 017 says, checked against a plain
 * reading of it on random stock: stones bucketed by shape and the Equal attributes, sorted by
 * carats (largest first, then id), each compared with the next eight of its bucket within the
 * carat tolerance, candidates best first (score, larger first stone, ids), picked greedily.
 */

interface Raw {
  id: string;
  /** shape, color, fancyColor, fancyIntensity, clarity, fluorescence (−1 none) */
  grades: number[];
  /** carats, length, width, table, depth (NaN none) */
  sizes: number[];
}

function randomStock(seed: number, n: number): Raw[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const stones: Raw[] = [];
  for (let i = 0; i < n; i++) {
    const fancy = next() < 0.1;
    const carats = pick([0.5, 0.5, 0.51, 0.52, 0.55, 0.6, 1, 1.01, 1.02, 1.05, 1.1, 2]);
    const id = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
    stones.push({
      id: `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`,
      grades: [
        pick([1, 1, 1, 2, 3]),
        fancy ? -1 : pick([3, 4, 5]),
        fancy ? pick([1, 2]) : -1,
        fancy ? pick([1, 2]) : -1,
        pick([2, 3]),
        next() < 0.05 ? -1 : pick([1, 2]),
      ],
      sizes: [
        carats,
        Math.round((5 + carats + next() * 0.2) * 100) / 100,
        next() < 0.03 ? Number.NaN : Math.round((5 + carats + next() * 0.2) * 100) / 100,
        pick([56, 57, 58]),
        Math.round((60 + next() * 3) * 10) / 10,
      ],
    });
  }
  return stones.sort((a, b) => (a.id < b.id ? -1 : 1));
}

function snapshotOf(stock: Raw[]) {
  const text = (v: number) => (Number.isNaN(v) || v < 0 ? '' : String(v));
  return PairSnapshot.read(
    'test',
    stock.map((s) => [s.id, ...s.grades.map(text), ...s.sizes.map(text)].join(',')),
  );
}

const GRADE_OF: Partial<Record<PairSettingRow['key'], number>> = { color: 1, clarity: 4, fluorescence: 5 };
const SIZE_OF: Partial<Record<PairSettingRow['key'], number>> = {
  carat: 0,
  length: 1,
  width: 2,
  table: 3,
  depth: 4,
};

/** Decision 017's pairing read plainly: [first id, second id, score] best first. */
function reference(stock: Raw[], settings: readonly PairSettingRow[]): [string, string, number][] {
  const attribute = (s: Raw, key: PairSettingRow['key']) => {
    const g = GRADE_OF[key];
    if (g !== undefined) return s.grades[g]! < 0 ? Number.NaN : s.grades[g]!;
    return s.sizes[SIZE_OF[key]!]!;
  };
  const complete = (s: Raw) =>
    settings.every((row) =>
      row.key === 'color' && row.is_equal
        ? s.grades[1]! >= 0 || s.grades[2]! >= 0
        : !Number.isNaN(attribute(s, row.key)),
    );
  const buckets = new Map<string, Raw[]>();
  for (const s of stock.filter(complete)) {
    const key = [
      s.grades[0],
      ...settings
        .filter((r) => r.is_equal)
        .map((r) => (r.key === 'color' ? s.grades.slice(1, 4) : attribute(s, r.key))),
    ].join('|');
    buckets.set(key, [...(buckets.get(key) ?? []), s]);
  }
  const carat = settings.find((r) => r.key === 'carat' && !r.is_equal);
  const candidates: [Raw, Raw, number][] = [];
  for (const bucket of buckets.values()) {
    bucket.sort((a, b) => b.sizes[0]! - a.sizes[0]! || (a.id < b.id ? -1 : 1));
    for (let x = 0; x < bucket.length; x++) {
      for (let y = x + 1; y < Math.min(bucket.length, x + 1 + NEIGHBOURS); y++) {
        const [a, b] = [bucket[x]!, bucket[y]!];
        if (carat && a.sizes[0]! - b.sizes[0]! > carat.down + TOLERANCE_SLACK) break;
        let score = 0;
        let fits = true;
        for (const row of settings.filter((r) => !r.is_equal)) {
          const d = attribute(b, row.key) - attribute(a, row.key);
          if (!(d >= -row.down - TOLERANCE_SLACK && d <= row.up + TOLERANCE_SLACK)) fits = false;
          else
            score +=
              (PAIR_SETTING_KEYS.length + 1 - row.priority) *
              (d >= 0 ? d / (row.up > 0 ? row.up : 1) : -d / (row.down > 0 ? row.down : 1));
          if (!fits) break;
        }
        if (fits) candidates.push([a, b, score]);
      }
    }
  }
  candidates.sort(
    ([a, b, s], [c, d, t]) =>
      s - t || c.sizes[0]! - a.sizes[0]! || (a.id < c.id ? -1 : a.id > c.id ? 1 : b.id < d.id ? -1 : 1),
  );
  const taken = new Set<string>();
  const picked: [string, string, number][] = [];
  for (const [a, b, score] of candidates) {
    if (picked.length === 150) break;
    if (taken.has(a.id) || taken.has(b.id)) continue;
    taken.add(a.id);
    taken.add(b.id);
    picked.push([a.id, b.id, score]);
  }
  return picked;
}

const withRow = (
  key: PairSettingRow['key'],
  change: Partial<PairSettingRow>,
  base = [...DEFAULT_PAIR_SETTINGS],
) => base.map((row) => (row.key === key ? { ...row, ...change } : row));

const VARIANTS: [string, PairSettingRow[]][] = [
  ['the defaults', [...DEFAULT_PAIR_SETTINGS]],
  [
    'colour within a step, looser carats',
    withRow('carat', { down: 0.1 }, withRow('color', { is_equal: false, up: 1, down: 1 })),
  ],
  ['carat Equal', withRow('carat', { is_equal: true }, withRow('length', { up: 1, down: 1 }))],
  [
    'everything loose',
    withRow(
      'width',
      { up: 1, down: 1 },
      withRow(
        'length',
        { up: 1, down: 1 },
        withRow('carat', { down: 1 }, withRow('clarity', { is_equal: false, up: 2, down: 2 })),
      ),
    ),
  ],
];

describe('[PAIRS] the pair index', () => {
  it.each(VARIANTS)('pairs a whole random stock as decision 017 reads, with %s', async (_name, settings) => {
    for (const seed of [1, 2, 3]) {
      const stock = randomStock(seed, 1500);
      const snapshot = await snapshotOf(stock);
      const rules = rulesFor(snapshot, settings);
      const asIds = (picked: [number, number, number][]) =>
        picked.map(([a, b, s]) => [snapshot.idAt(a), snapshot.idAt(b), Math.round(s * 1e9)]);
      const expected = reference(stock, settings).map(([a, b, s]) => [a, b, Math.round(s * 1e9)]);
      expect(expected.length).toBeGreaterThan(0);
      const all = Int32Array.from(stock, (_, i) => i);
      expect(asIds(pickPairs(rules.among(all, all.length), 150))).toEqual(expected);
      // The whole stock's candidates, kept by shape and merged best first, give the same pairs.
      expect(asIds(pickPairs(await rules.every(), 150))).toEqual(expected);
    }
  });

  it('pairs a pool among itself, and a broad walk keeps to the pool’s stones and shapes', async () => {
    const stock = randomStock(7, 2000);
    const snapshot = await snapshotOf(stock);
    const settings = VARIANTS[1]![1];
    const rules = rulesFor(snapshot, settings);
    const inPool = (s: Raw) => s.grades[0] === 2 || (s.grades[0] === 1 && s.sizes[0]! >= 1);
    const pool = stock.filter(inPool);
    const positions = Int32Array.from(pool, (s) => snapshot.positionOf(s.id));
    const ids = (picked: [number, number, number][]) =>
      picked.map(([a, b]) => [snapshot.idAt(a), snapshot.idAt(b)]);
    expect(ids(pickPairs(rules.among(positions, positions.length), 150))).toEqual(
      reference(pool, settings).map(([a, b]) => [a, b]),
    );
    const walked = pickPairs(await rules.every(new Set([1, 2])), 150, undefined, (i) => inPool(stock[i]!));
    expect(walked.length).toBeGreaterThan(0);
    for (const [a, b] of walked) expect(inPool(stock[a]!) && inPool(stock[b]!)).toBe(true);
    // Walking every shape with the same test picks the same pairs.
    expect(pickPairs(await rules.every(), 150, undefined, (i) => inPool(stock[i]!))).toEqual(walked);
  });

  it('finds a stone by id and orders the stock by carats, largest first, then id', async () => {
    const stock = randomStock(11, 500);
    const snapshot = await snapshotOf(stock);
    expect(stock.map((s) => snapshot.positionOf(s.id))).toEqual([...stock.keys()]);
    expect(snapshot.positionOf('00000000-0000-0000-0000-000000000000')).toBe(-1);
    const byCarats = [...stock.keys()].sort((a, b) => stock[b]!.sizes[0]! - stock[a]!.sizes[0]! || a - b);
    expect(Array.from(snapshot.byCarats)).toEqual(byCarats);
    expect(byCarats.map((position) => snapshot.caratRank[position])).toEqual([...byCarats.keys()]);
  });
});
