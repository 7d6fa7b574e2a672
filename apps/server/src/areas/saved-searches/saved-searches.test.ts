import type { RouteDef } from '@loupe/contract/route';
import type { SavedSearch } from '@loupe/contract/saved-searches';
import {
  createSavedSearch,
  deleteSavedSearches,
  getColumnPreferences,
  listSavedSearches,
  saveColumnPreferences,
  updateSavedSearch,
} from '@loupe/contract/saved-searches';
import { STONE_COLUMNS } from '@loupe/contract/stone-columns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallInput, injectRoute } from '../../test/call-route.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let buyer: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = (await loggedInCustomer(t)).token;
  other = (await loggedInCustomer(t, { kycStatus: 'pending' })).token;
});
afterAll(() => t.close());

const call = <R extends RouteDef>(
  token: string,
  route: R,
  input: Pick<CallInput<R>, 'params' | 'search'>,
  payload?: object,
) => injectRoute(t.app, route, { ...input, token, ...(payload === undefined ? {} : { rawBody: payload }) });

const filters = { shape: ['BR'], carats: ['1.00-1.19'], color: ['D', 'E', 'F'], make: '3EX' };

async function save(token: string, name: string, meta_data: unknown = filters) {
  const res = await call(
    token,
    createSavedSearch,
    {},
    {
      name,
      diamond_count: 42,
      meta_data,
      is_deleted: false,
      is_matching_pair: false,
    },
  );
  expect(res.statusCode, res.body).toBe(201);
  t.clock.advance(1000);
  return json<{ saved_search: SavedSearch }>(res).saved_search;
}
const list = async (token: string, query = '') =>
  json<{ saved_searches: SavedSearch[]; count: number }>(
    await call(token, listSavedSearches, { search: query }),
  );

describe('[SAVED SEARCH] saved searches', () => {
  it('saves a search with its filters and lists the own ones, newest first', async () => {
    const rounds = await save(buyer, '  Rounds 1ct D-F ');
    expect(rounds).toMatchObject({
      name: 'Rounds 1ct D-F',
      diamond_count: 42,
      meta_data: filters,
      is_matching_pair: false,
    });
    await save(buyer, 'Pears for Diwali', { shape: ['PS'] });
    await save(other, 'Not yours');
    const mine = await list(buyer);
    expect(mine.count).toBe(2);
    expect(mine.saved_searches.map((s) => s.name)).toEqual(['Pears for Diwali', 'Rounds 1ct D-F']);
    expect((await list(other)).saved_searches.map((s) => s.name)).toEqual(['Not yours']);
  });

  it('filters the list by a part of the name, in any case, wildcards taken literally', async () => {
    await save(buyer, '100% eye clean');
    expect((await list(buyer, '?name=ROUND')).saved_searches.map((s) => s.name)).toEqual(['Rounds 1ct D-F']);
    expect((await list(buyer, '?name=%25')).saved_searches.map((s) => s.name)).toEqual(['100% eye clean']);
    expect((await list(buyer, '?name=_')).count).toBe(0);
    expect((await list(buyer, '?name=yours')).count).toBe(0);
  });

  it('refuses names that are empty or longer than 20 characters, and filters that are not valid', async () => {
    for (const name of ['', '   ', 'A very long search name']) {
      const res = await call(
        buyer,
        createSavedSearch,
        {},
        {
          name,
          diamond_count: 1,
          meta_data: {},
        },
      );
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'name' }] });
    }
    const badFilters = await call(
      buyer,
      createSavedSearch,
      {},
      {
        name: 'Bad',
        diamond_count: 1,
        meta_data: { carats: ['2-1'] },
      },
    );
    expect(badFilters.statusCode).toBe(400);
    expect((await save(buyer, 'Twenty characters!!!')).name).toHaveLength(20);
  });

  it('renames and replaces filters of an own search only', async () => {
    const search = await save(buyer, 'Ovals');
    const renamed = await call(
      buyer,
      updateSavedSearch,
      { params: { savedSearchId: search.id } },
      {
        name: 'Ovals 2ct',
        meta_data: { shape: ['OV'], carats: ['2.00-2.49'] },
        diamond_count: 7,
      },
    );
    expect(renamed.statusCode).toBe(200);
    expect(json<{ saved_search: SavedSearch }>(renamed).saved_search).toMatchObject({
      id: search.id,
      name: 'Ovals 2ct',
      diamond_count: 7,
      meta_data: { shape: ['OV'], carats: ['2.00-2.49'] },
      created_at: search.created_at,
    });
    const stolen = await call(
      other,
      updateSavedSearch,
      { params: { savedSearchId: search.id } },
      { name: 'Mine now' },
    );
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen).code).toBe('NOT_FOUND');
    const notAnId = await call(buyer, updateSavedSearch, { params: { savedSearchId: '42' } }, { name: 'x' });
    expect(notAnId.statusCode).toBe(400);
  });

  it("deletes several at once, passing over others' ids", async () => {
    const a = await save(buyer, 'Delete me A');
    const b = await save(buyer, 'Delete me B');
    const theirs = await save(other, 'Keep me');
    const res = await call(buyer, deleteSavedSearches, {}, { ids: [a.id, b.id, theirs.id] });
    expect(res.statusCode).toBe(204);
    expect((await list(buyer, '?name=Delete')).count).toBe(0);
    expect((await list(other, '?name=Keep')).count).toBe(1);
    // Deleting again is harmless; a deleted search can no longer be edited.
    expect((await call(buyer, deleteSavedSearches, {}, { ids: [a.id] })).statusCode).toBe(204);
    expect(
      (await call(buyer, updateSavedSearch, { params: { savedSearchId: a.id } }, { name: 'Back' }))
        .statusCode,
    ).toBe(404);
    expect((await call(buyer, deleteSavedSearches, {}, { ids: [] })).statusCode).toBe(400);
  });
});

describe('[SAVED SEARCH] column preferences', () => {
  const prefs = (token: string) => call(token, getColumnPreferences, {});
  const savePrefs = (token: string, columns: unknown) => call(token, saveColumnPreferences, {}, { columns });

  it('are empty until the customer arranges the grid, then kept per customer', async () => {
    expect(json(await prefs(buyer))).toEqual({ columns: [] });
    const arranged = [
      { accessor: 'lot_id', sequence: 1, is_disabled: false },
      { accessor: 'discount', sequence: 2, is_disabled: false },
      { accessor: 'shape', sequence: 3, is_disabled: false },
      { accessor: 'tracr_id', sequence: 4, is_disabled: true },
    ];
    const res = await savePrefs(buyer, [arranged[2], arranged[0], arranged[3], arranged[1]]);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ columns: arranged });
    expect(json(await prefs(buyer))).toEqual({ columns: arranged });
    expect(json(await prefs(other))).toEqual({ columns: [] });

    const replaced = [{ accessor: 'carats', sequence: 1, is_disabled: false }];
    await savePrefs(buyer, replaced);
    expect(json(await prefs(buyer))).toEqual({ columns: replaced });
  });

  it('accept every column of the grid', async () => {
    const all = STONE_COLUMNS.map((c) => ({
      accessor: c.accessor,
      sequence: c.sequence,
      is_disabled: false,
    }));
    expect(all).toHaveLength(48);
    expect((await savePrefs(other, all)).statusCode).toBe(200);
  });

  it('refuse unknown columns, repeats and hiding the stock number', async () => {
    const unknown = await savePrefs(buyer, [{ accessor: 'price_tag', sequence: 1, is_disabled: false }]);
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'columns.0.accessor', message: '"price_tag" is not a column of the grid' }],
    });
    const twice = await savePrefs(buyer, [
      { accessor: 'shape', sequence: 1, is_disabled: false },
      { accessor: 'shape', sequence: 2, is_disabled: true },
    ]);
    expect(json(twice)).toMatchObject({ details: [{ path: 'columns.1.accessor' }] });
    const hidden = await savePrefs(buyer, [{ accessor: 'lot_id', sequence: 1, is_disabled: true }]);
    expect(hidden.statusCode).toBe(400);
    expect(json(hidden)).toMatchObject({
      details: [{ path: 'columns.0.is_disabled', message: 'Stock No. is always shown' }],
    });
  });
});
