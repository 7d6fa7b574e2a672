import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoneSpec } from '../../app/seed/stone-factory.ts';
import { loggedInCustomer, lotsFound, postSearch, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';

/** The range filters (domain-facts §1.4): inclusive at both ends, to the hundredth. */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await loggedInCustomer(t)).token;
});
afterAll(() => t.close());

const found = async (filters: StoneFiltersInput) => (await lotsFound(t, token, filters)).sort();

describe('[STOCK] price ranges', () => {
  beforeAll(async () => {
    // List price 10,000 $/ct; $/ct and amount follow from the discount.
    await stockOf(t, [
      { lot_id: 'D-30.01', rap: 10_000, discount: -30.01, carats: 1 },
      { lot_id: 'D-30', rap: 10_000, discount: -30, carats: 1 },
      { lot_id: 'D-20', rap: 10_000, discount: -20, carats: 1 },
      { lot_id: 'D-19.99', rap: 10_000, discount: -19.99, carats: 1 },
      { lot_id: 'D+5', rap: 10_000, discount: 5, carats: 2 },
    ]);
  });

  it('discount, negative below list', async () => {
    expect(await found({ discount: { gte: -30, lte: -20 } })).toEqual(['D-20', 'D-30']);
    expect(await found({ discount: { gte: 0, lte: 100 } })).toEqual(['D+5']);
  });
  it('price per carat', async () => {
    // -30 % of 10,000 is 7,000 $/ct; -20 % is 8,000 $/ct.
    expect(await found({ price_per_carat: { gte: 7000, lte: 8000 } })).toEqual(['D-20', 'D-30']);
    expect(await found({ price_per_carat: { gte: 6999, lte: 6999.01 } })).toEqual(['D-30.01']);
  });
  it('amount (price_range) is the whole stone', async () => {
    // 2 ct at 10,500 $/ct.
    expect(await found({ price_range: { gte: 21_000, lte: 21_000 } })).toEqual(['D+5']);
    expect(await found({ price_range: { gte: 8000, lte: 20_999.99 } })).toEqual(['D-19.99', 'D-20']);
  });
});

const PARAMETERS = [
  ['table_percentage', 'table_percentage'],
  ['depth_percentage', 'depth_percentage'],
  ['ratio', 'ratio'],
  ['length', 'length'],
  ['width', 'width'],
  ['depth', 'depth'],
  ['crown_angle', 'crown_angle'],
  ['crown_height', 'crown_height'],
  ['girdle_percentage', 'girdle_percentage'],
  ['pavilion_angle', 'pavilion_angle'],
  ['pavilion_height', 'pavilion_height'],
  ['lower_half', 'lower_half'],
  ['star_length', 'star_length'],
] as const;

describe('[STOCK] parameters', () => {
  it.each(PARAMETERS)('%s is inclusive at both ends', async (filter, field) => {
    const at = (lot: string, value: number | null): StoneSpec => ({ lot_id: lot, [field]: value });
    await stockOf(t, [
      at('BELOW', 4.99),
      at('FROM', 5),
      at('TO', 6.5),
      at('ABOVE', 6.51),
      at('UNMEASURED', null),
    ]);
    expect(await found({ [filter]: { gte: 5, lte: 6.5 } })).toEqual(['FROM', 'TO']);
  });
});

describe('[STOCK] filters that are not valid', () => {
  const rejected = async (filters: unknown, path: string) => {
    const res = await postSearch(t, token, { filters } as never);
    expect(res.statusCode).toBe(400);
    const body = json<{ code: string; message: string; details: { path: string; message: string }[] }>(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d) => d.path)).toContain(path);
    return body;
  };

  it('refuses carat ranges that are malformed, reversed, out of limits or finer than 2 decimals', async () => {
    await rejected({ carats: ['1.00-1.199'] }, 'filters.carats.0');
    await rejected({ carats: ['2.00-1.00'] }, 'filters.carats.0');
    await rejected({ carats: ['0.10-0.20'] }, 'filters.carats.0');
    await rejected({ carats: ['one-two'] }, 'filters.carats.0');
  });
  it('refuses ranges with From above To, out of limits, or with 3 decimals', async () => {
    const reversed = await rejected({ discount: { gte: -10, lte: -20 } }, 'filters.discount.gte');
    expect(reversed.message).toContain('From should be less than To');
    const outside = await rejected(
      { table_percentage: { gte: 50, lte: 101 } },
      'filters.table_percentage.lte',
    );
    expect(outside.message).toContain('please enter a range between 0 to 100 only');
    await rejected({ depth_percentage: { gte: 60.125, lte: 62 } }, 'filters.depth_percentage.gte');
    await rejected({ crown_angle: { gte: 30 } }, 'filters.crown_angle.lte');
  });
  it('refuses values outside the vocabulary', async () => {
    await rejected({ shape: ['XYZ'] }, 'filters.shape.0');
    await rejected({ color: ['N'] }, 'filters.color.0');
    await rejected({ make: '4EX' }, 'filters.make');
    await rejected({ girdle: { gte: 'THK', lte: 'THN' } }, 'filters.girdle.gte');
    await rejected({ key_to_symbol_search_type: 'maybe' }, 'filters.key_to_symbol_search_type');
  });
  it('refuses a sort field that is not a column, and pages out of bounds', async () => {
    const sort = await postSearch(t, token, { sort: [{ field: 'colour' as never, direction: 'asc' }] });
    expect(sort.statusCode).toBe(400);
    expect(json(sort).code).toBe('VALIDATION_FAILED');
    const limit = await postSearch(t, token, { limit: 301 });
    expect(limit.statusCode).toBe(400);
    const offset = await postSearch(t, token, { offset: -1 });
    expect(offset.statusCode).toBe(400);
  });
});
