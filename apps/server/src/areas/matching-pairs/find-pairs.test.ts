import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_PAIR_SETTINGS,
  findPairs,
  getPairSettings,
  PAIR_LIMITS,
  type PairSettingRow,
  type StonePair,
  savePairSettings,
} from '@loupe/contract/matching-pairs';
import { searchStones } from '@loupe/contract/search';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { CLARITIES, COLORS, FLUORESCENCES, rankOf } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyStock } from '../../areas/stones/index.ts';
import { rows } from '../../platform/db/client.ts';
import { migrationsFolder } from '../../platform/server-folder.ts';
import { callRoute } from '../../test/call-route.ts';
import { setStone } from '../../test/cart-kit.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadGeneratedStones } from '../stock-import/index.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await loggedInCustomer(t)).token;
});
afterAll(() => t.close());

const defaults = () => DEFAULT_PAIR_SETTINGS.map((row) => ({ ...row }));

function withRow(key: PairSettingRow['key'], change: Partial<PairSettingRow>, base = defaults()) {
  return base.map((row) => (row.key === key ? { ...row, ...change } : row));
}

async function pairsFor(filters: StoneFiltersInput = {}, query: { limit?: number; offset?: number } = {}) {
  const res = await callRoute(t.app, findPairs, {
    token,
    query: { filters: JSON.stringify(filters), ...query },
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

async function useSettings(setting: PairSettingRow[]) {
  const res = await callRoute(t.app, savePairSettings, { token, body: { setting } });
  expect(res.status, res.raw.body).toBe(200);
}

const GRADE_RANK: Record<string, (stone: Stone) => number | null> = {
  color: (s) => (s.color ? rankOf(COLORS, s.color) : null),
  clarity: (s) => (s.clarity ? rankOf(CLARITIES, s.clarity) : null),
  fluorescence: (s) => (s.fluorescence ? rankOf(FLUORESCENCES, s.fluorescence) : null),
};

/** The stone row's field each size setting compares. */
const SIZE_FIELD = {
  length: 'length',
  width: 'width',
  table: 'table_percentage',
  depth: 'depth_percentage',
  carat: 'carats',
} as const;

function attributeOf(stone: Stone, key: PairSettingRow['key']): number | null {
  const grade = GRADE_RANK[key];
  if (grade) return grade(stone);
  const value = stone[SIZE_FIELD[key as keyof typeof SIZE_FIELD]];
  return typeof value === 'number' ? value : null;
}

/** Every rule a result must obey, checked from the stones as the API shows them. */
function expectObeys(pairs: StonePair[], settings: readonly PairSettingRow[]) {
  const seen = new Set<string>();
  let previous = Number.NEGATIVE_INFINITY;
  expect(pairs.length).toBeLessThanOrEqual(PAIR_LIMITS.maxPairs);
  for (const pair of pairs) {
    const [first, second] = pair.stones;
    for (const stone of pair.stones) {
      expect(seen.has(stone.id), `${stone.lot_id} in two pairs`).toBe(false);
      seen.add(stone.id);
      expect(stone.diamond_status).toBe('Available');
    }
    expect(second.shape).toBe(first.shape);
    expect(first.carats).toBeGreaterThanOrEqual(second.carats);
    expect(pair.score).toBeGreaterThanOrEqual(previous - 1e-3);
    previous = pair.score;
    for (const row of settings) {
      const a = attributeOf(first, row.key);
      const b = attributeOf(second, row.key);
      if (row.is_equal) {
        expect(b, `${row.key} of ${pair.pair_id}`).toBe(a);
        if (row.key === 'color') expect(second.fancy_color).toBe(first.fancy_color);
        continue;
      }
      expect(a, `${row.key} of ${first.lot_id}`).not.toBeNull();
      expect(b, `${row.key} of ${second.lot_id}`).not.toBeNull();
      const difference = (b as number) - (a as number);
      expect(difference, `${row.key} of ${pair.pair_id}`).toBeGreaterThanOrEqual(-row.down - 1e-6);
      expect(difference, `${row.key} of ${pair.pair_id}`).toBeLessThanOrEqual(row.up + 1e-6);
    }
  }
}

describe('[PAIRS] Match Pair Settings', () => {
  it('starts at the defaults of domain-facts §11, in rank order', async () => {
    const res = await callRoute(t.app, getPairSettings, { token });
    expect(res.status).toBe(200);
    expect(res.body.setting.map((row) => [row.display, row.is_equal, row.up, row.down])).toEqual([
      ['Color', true, 0, 0],
      ['Clarity', true, 0, 0],
      ['Length', false, 0, 0.05],
      ['Width', false, 0, 2],
      ['Table %', false, 1, 0],
      ['Depth %', false, 0, 1.7],
      ['Fluorescence', true, 0, 0],
      ['Carat', false, 0, 0.05],
    ]);
  });

  it('saves a customer’s rows, answers them in rank order, and action=reset answers the defaults', async () => {
    const { token: own } = await loggedInCustomer(t);
    const moved = withRow('carat', { priority: 1, down: 0.1 }, withRow('color', { priority: 8 }));
    const saved = await callRoute(t.app, savePairSettings, { token: own, body: { setting: moved } });
    expect(saved.status, saved.raw.body).toBe(200);
    expect(saved.body.setting[0]).toMatchObject({ key: 'carat', priority: 1, down: 0.1 });
    const again = await callRoute(t.app, getPairSettings, { token: own });
    expect(again.body.setting.at(-1)).toMatchObject({ key: 'color', priority: 8 });
    const reset = await callRoute(t.app, getPairSettings, { token: own, query: { action: 'reset' } });
    expect(reset.body.setting).toEqual(DEFAULT_PAIR_SETTINGS);
    expect((await callRoute(t.app, getPairSettings, { token: own })).body.setting[0]?.key).toBe('carat');
  });

  it.each([
    ['a grade with decimals', withRow('color', { up: 1.5 }), '0.up', 'Color From must be a whole number'],
    ['a grade above 10', withRow('clarity', { down: 11 }), '1.down', 'Clarity To must be from 0 to 10'],
    ['a size above 100', withRow('width', { down: 100.5 }), '3.down', 'Width To must be from 0 to 100'],
    ['a size with 3 decimals', withRow('carat', { up: 0.005 }), '7.up', 'Carat From has at most 2 decimals'],
    ['a negative size', withRow('length', { up: -1 }), '2.up', 'Length From must be from 0 to 100'],
  ])('refuses %s, naming the field', async (_name, setting, path, message) => {
    const res = await callRoute(t.app, savePairSettings, { token, body: { setting } });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('VALIDATION_FAILED');
    expect(res.error?.details).toContainEqual({ path: `setting.${path}`, message });
  });

  it('names its rows by the pinned keys and saves rows sent by them', async () => {
    const { token: own } = await loggedInCustomer(t);
    const pinned = ['color', 'clarity', 'length', 'width', 'table', 'depth', 'fluorescence', 'carat'];
    const answered = await callRoute(t.app, getPairSettings, { token: own });
    expect(answered.body.setting.map((row) => [row.key, row.display])).toEqual([
      ['color', 'Color'],
      ['clarity', 'Clarity'],
      ['length', 'Length'],
      ['width', 'Width'],
      ['table', 'Table %'],
      ['depth', 'Depth %'],
      ['fluorescence', 'Fluorescence'],
      ['carat', 'Carat'],
    ]);
    // A client's rows, written by the pins alone: carat ranked first.
    const setting = pinned.map((key, i) => ({
      key,
      display: key,
      priority: key === 'carat' ? 1 : i + 2,
      is_equal: false,
      up: ['color', 'clarity', 'fluorescence'].includes(key) ? 1 : 0.5,
      down: key === 'table' ? 1.25 : 0,
    })) as PairSettingRow[];
    const saved = await callRoute(t.app, savePairSettings, { token: own, body: { setting } });
    expect(saved.status, saved.raw.body).toBe(200);
    expect(saved.body.setting.map((row) => row.key)).toEqual(['carat', ...pinned.slice(0, -1)]);
    const again = (await callRoute(t.app, getPairSettings, { token: own })).body.setting;
    expect(again.find((row) => row.key === 'table')).toMatchObject({ display: 'Table %', down: 1.25 });
    // The earlier names are not keys of the settings.
    const old = setting.map((row) =>
      row.key === 'carat' ? { ...row, key: 'carats' } : row,
    ) as PairSettingRow[];
    const refused = await callRoute(t.app, savePairSettings, { token: own, body: { setting: old } });
    expect([refused.status, refused.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('carries settings saved under the earlier keys over to the pinned ones (migration 0020)', async () => {
    const before = await loggedInCustomer(t);
    const current = await loggedInCustomer(t);
    // Rows as the earlier version saved them: carats ranked first, table and depth % tuned.
    const earlier = [
      { key: 'carats', display: 'Carat', priority: 1, is_equal: false, up: 0, down: 0.1 },
      { key: 'clarity', display: 'Clarity', priority: 2, is_equal: true, up: 0, down: 0 },
      { key: 'length', display: 'Length', priority: 3, is_equal: false, up: 0, down: 0.05 },
      { key: 'width', display: 'Width', priority: 4, is_equal: false, up: 0, down: 2 },
      { key: 'table_percentage', display: 'Table %', priority: 5, is_equal: false, up: 2, down: 0.5 },
      { key: 'depth_percentage', display: 'Depth %', priority: 6, is_equal: true, up: 0, down: 0 },
      { key: 'fluorescence', display: 'Fluorescence', priority: 7, is_equal: false, up: 1, down: 1 },
      { key: 'color', display: 'Color', priority: 8, is_equal: true, up: 0, down: 0 },
    ];
    await t.deps.db.execute(
      sql`insert into matching_pair_settings (customer_id, setting) values (${before.id}, ${JSON.stringify(earlier)}::jsonb)`,
    );
    // Saved rows are a jsonb array of objects, the shape the migration rewrites.
    const mine = withRow('width', { down: 1.5 });
    await callRoute(t.app, savePairSettings, { token: current.token, body: { setting: mine } });
    const stored = await rows(
      t.deps.db,
      sql`select jsonb_typeof(setting) as type, jsonb_typeof(setting -> 0) as row from matching_pair_settings where customer_id = ${current.id}`,
    );
    expect(stored).toEqual([{ type: 'array', row: 'object' }]);
    const migration = fs.readFileSync(path.join(migrationsFolder, '0020_pair_setting_keys.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.deps.db.execute(sql.raw(statement));

    const carried = (await callRoute(t.app, getPairSettings, { token: before.token })).body.setting;
    const renamed: Record<string, string> = {
      carats: 'carat',
      table_percentage: 'table',
      depth_percentage: 'depth',
    };
    expect(carried).toEqual(earlier.map((row) => ({ ...row, key: renamed[row.key] ?? row.key })));
    // Rows already under the pinned keys stay as they are.
    expect((await callRoute(t.app, getPairSettings, { token: current.token })).body.setting).toEqual(mine);
  });

  it('refuses a set without every attribute once or with a rank twice', async () => {
    const missing = await callRoute(t.app, savePairSettings, {
      token,
      body: { setting: defaults().slice(1) },
    });
    expect(missing.status).toBe(400);
    const twice = await callRoute(t.app, savePairSettings, {
      token,
      body: { setting: withRow('clarity', { priority: 1 }) },
    });
    expect(twice.status).toBe(400);
  });
});

describe('[PAIRS] pairing a small stock', () => {
  beforeAll(async () => {
    const pair = {
      shape: 'BR',
      color: 'G',
      clarity: 'VS1',
      fluorescence: 'NON',
      table_percentage: 57,
      depth_percentage: 61.5,
    };
    await stockOf(t, [
      // A close pair, and a third stone that would pair with either, but less well.
      { lot_id: 'A1', ...pair, carats: 1.02, length: 6.45, width: 6.48 },
      { lot_id: 'A2', ...pair, carats: 1.01, length: 6.44, width: 6.47 },
      { lot_id: 'A3', ...pair, carats: 0.98, length: 6.41, width: 6.4, depth_percentage: 61 },
      // Same sizes, another colour: no pair while colour is Equal.
      { lot_id: 'B1', ...pair, color: 'H', carats: 0.7, length: 5.7, width: 5.72 },
      { lot_id: 'B2', ...pair, color: 'I', carats: 0.7, length: 5.7, width: 5.72 },
      // A pair with one stone sold: not offered.
      { lot_id: 'C1', ...pair, shape: 'OV', carats: 1.5, length: 8.7, width: 6.1 },
      { lot_id: 'C2', ...pair, shape: 'OV', carats: 1.5, length: 8.7, width: 6.1, status: 'Sold' },
      // Carats too far apart.
      { lot_id: 'D1', ...pair, shape: 'PS', carats: 1.2, length: 8.1, width: 5.4 },
      { lot_id: 'D2', ...pair, shape: 'PS', carats: 1.1, length: 8.08, width: 5.4 },
    ]);
  });

  it('pairs the closest stones first and each stone once', async () => {
    await useSettings(defaults());
    const answer = await pairsFor();
    expect(answer.pairs.map((p) => p.stones.map((s) => s.lot_id))).toEqual([['A1', 'A2']]);
    expect(answer.count).toBe(1);
    const differences = Object.fromEntries(answer.pairs[0]!.differences.map((d) => [d.key, d.difference]));
    expect(differences).toMatchObject({ carat: -0.01, length: -0.01, width: -0.01, color: 0 });
  });

  it('follows the settings: colour within a step pairs B1 and B2; looser carats pair D1 and D2', async () => {
    await useSettings(withRow('carat', { down: 0.1 }, withRow('color', { is_equal: false, up: 1, down: 1 })));
    const answer = await pairsFor();
    // B1 and B2 weigh the same: either may come first.
    const lots = answer.pairs.map((p) =>
      p.stones
        .map((s) => s.lot_id)
        .sort()
        .join('+'),
    );
    expect(lots).toEqual(expect.arrayContaining(['A1+A2', 'B1+B2', 'D1+D2']));
    expect(lots).not.toContain('C1+C2');
    expectObeys(answer.pairs, (await callRoute(t.app, getPairSettings, { token })).body.setting);
  });

  it('with carats Equal, pairs only stones of the same weight', async () => {
    await useSettings(
      withRow('carat', { is_equal: true }, withRow('color', { is_equal: false, up: 1, down: 1 })),
    );
    const answer = await pairsFor();
    expect(answer.pairs.map((p) => p.stones.map((s) => s.lot_id).sort())).toEqual([['B1', 'B2']]);
  });

  it('keeps to the search form’s filters', async () => {
    await useSettings(withRow('carat', { down: 0.1 }));
    const answer = await pairsFor({ shape: ['PS'] });
    expect(answer.pairs.map((p) => p.stones.map((s) => s.lot_id))).toEqual([['D1', 'D2']]);
  });

  it('refuses an unknown filter key and malformed JSON as the search refuses them', async () => {
    const filters = { shape: ['BR'], nope: 1 };
    const search = await callRoute(t.app, searchStones, {
      token,
      body: { filters: filters as StoneFiltersInput },
    });
    expect(search.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'filters: Unrecognized key: "nope"',
      details: [{ path: 'filters', message: 'Unrecognized key: "nope"' }],
    });
    const res = await callRoute(t.app, findPairs, { token, query: { filters: JSON.stringify(filters) } });
    expect(res.status).toBe(400);
    expect(res.error).toEqual(search.error);
    const broken = await callRoute(t.app, findPairs, { token, query: { filters: '{"shape":["BR"]' } });
    expect(broken.status).toBe(400);
    expect(broken.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'filters: filters must be JSON',
      details: [{ path: 'filters', message: 'filters must be JSON' }],
    });
    // Without filters, or with `filters=`, the whole stock is paired.
    expect((await callRoute(t.app, findPairs, { token, query: { filters: '' } })).status).toBe(200);
    expect((await callRoute(t.app, findPairs, { token })).status).toBe(200);
  });

  it('refuses filters the search refuses, naming them', async () => {
    const res = await callRoute(t.app, findPairs, {
      token,
      query: { filters: JSON.stringify({ shape: ['XX'] }) },
    });
    expect(res.status).toBe(400);
    expect(res.error?.details).toContainEqual(
      expect.objectContaining({ path: expect.stringMatching(/^filters/) }),
    );
    const broken = await callRoute(t.app, findPairs, { token, query: { filters: '{shape' } });
    expect(broken.status).toBe(400);
  });
});

describe('[PAIRS] every pair of a generated stock obeys the settings', () => {
  beforeAll(async () => {
    await emptyStock(t.deps.db);
    await loadGeneratedStones(t.deps.db, 4_000, { seed: 'pairs', now: new Date() });
    // When the last read of the stock was slow, the pair index answers from it while it reads the
    // new stock (pair-index.ts); that old stock is gone, so its first answers hold no pair. Wait
    // until the new stock answers: only its stones can make a pair now.
    await vi.waitUntil(async () => (await pairsFor()).count > 0, { timeout: 30_000, interval: 100 });
  });

  const variants: [string, PairSettingRow[]][] = [
    ['the defaults', defaults()],
    [
      'colour and clarity within a step',
      withRow(
        'clarity',
        { is_equal: false, up: 1, down: 1 },
        withRow('color', { is_equal: false, up: 1, down: 0 }),
      ),
    ],
    [
      'loose sizes, fluorescence free',
      withRow(
        'fluorescence',
        { is_equal: false, up: 10, down: 10 },
        withRow('carat', { down: 0.2, up: 0 }, withRow('width', { up: 0.5, down: 0.5 })),
      ),
    ],
    [
      'table ranked first, widths within 0.1',
      withRow(
        'width',
        { up: 0.1, down: 0.1 },
        withRow('table', { priority: 1 }, withRow('color', { priority: 5 })),
      ),
    ],
  ];

  it.each(variants)('with %s', async (_name, setting) => {
    await useSettings(setting);
    const answer = await pairsFor();
    expect(answer.pairs.length).toBeGreaterThan(0);
    expect(answer.count).toBe(answer.pairs.length);
    expectObeys(answer.pairs, setting);
  });

  it('pages through the same result; limit=1 gives the count', async () => {
    await useSettings(defaults());
    const all = await pairsFor();
    const one = await pairsFor({}, { limit: 1 });
    expect(one.count).toBe(all.count);
    const page = await pairsFor({}, { limit: 5, offset: 5 });
    expect(page.pairs.map((p) => p.pair_id)).toEqual(all.pairs.slice(5, 10).map((p) => p.pair_id));
  });

  it('leaves out a stone put on hold or sold since the index was read, and takes it back when released', async () => {
    await useSettings(defaults());
    const before = await pairsFor();
    const [held, sold] = [before.pairs[0]!.stones[0], before.pairs[1]!.stones[1]];
    await setStone(t, held.id, 'Hold');
    await setStone(t, sold.id, 'Sold');
    const after = await pairsFor();
    const ids = after.pairs.flatMap((p) => p.stones.map((s) => s.id));
    expect(ids).not.toContain(held.id);
    expect(ids).not.toContain(sold.id);
    expectObeys(after.pairs, defaults());
    await setStone(t, held.id, 'Available');
    await setStone(t, sold.id, 'Available');
    expect((await pairsFor()).pairs.map((p) => p.pair_id)).toEqual(before.pairs.map((p) => p.pair_id));
  });

  it('caps a result at 150 pairs', async () => {
    await useSettings(
      withRow(
        'color',
        { is_equal: false, up: 10, down: 10 },
        withRow(
          'clarity',
          { is_equal: false, up: 10, down: 10 },
          withRow(
            'carat',
            { down: 1 },
            withRow(
              'length',
              { up: 5, down: 5 },
              withRow(
                'width',
                { up: 5, down: 5 },
                withRow('depth', { up: 10, down: 10 }, withRow('table', { up: 10, down: 10 })),
              ),
            ),
          ),
        ),
      ),
    );
    const answer = await pairsFor();
    expect(answer.count).toBe(PAIR_LIMITS.maxPairs);
    expectObeys(answer.pairs, (await callRoute(t.app, getPairSettings, { token })).body.setting);
  });
});
