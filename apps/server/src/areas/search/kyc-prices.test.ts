import { decideKyc } from '@loupe/contract/kyc';
import { listStones } from '@loupe/contract/search';
import { findStonesByLot } from '@loupe/contract/stone-detail';
import type { Stone } from '@loupe/contract/stones';
import { textSearch } from '@loupe/contract/text-search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, injectRoute } from '../../test/call-route.ts';
import { loggedInCustomer, postSearch, type SearchAnswer, stockOf } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, OPERATOR_TOKEN, type TestApp } from '../../test/test-app.ts';

/** Spec §6 and the perks of KYC: without approval, no price ever leaves the server. */

let t: TestApp;
let approved: string;
const withoutKyc: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  approved = (await loggedInCustomer(t)).token;
  for (const kycStatus of ['not_started', 'inprogress', 'pending', 'rejected'] as const) {
    withoutKyc[kycStatus] = (await loggedInCustomer(t, { kycStatus })).token;
  }
  await stockOf(t, [
    { lot_id: 'LD1001', certificate_number: '2141438171', rap: 9800, discount: -31.5 },
    { lot_id: 'LD1002', certificate_number: '2141438172', rap: 14_500, discount: -22, shape: 'OV' },
    {
      lot_id: 'LD1003',
      certificate_number: '2141438173',
      certified_at: new Date(t.clock.now().getTime() - 3_600_000),
    },
  ]);
});
afterAll(() => t.close());

const PRICE_FIELDS = ['rap', 'rap_value', 'discount', 'price_per_carat', 'amount'] as const;
const expectNoPrices = (stones: Stone[]) => {
  expect(stones.length).toBeGreaterThan(0);
  for (const stone of stones) for (const field of PRICE_FIELDS) expect(stone[field], field).toBeNull();
};

/** Every way of getting stones out of the stock API. */
async function everyStoneAnswer(token: string): Promise<Stone[][]> {
  const search = json<SearchAnswer>(await postSearch(t, token, { limit: 50 }));
  const list = json<{ stones: Stone[] }>(
    await injectRoute(t.app, listStones, { query: { limit: '50' }, headers: bearer(token) }),
  );
  const byLot = json<{ stones: Stone[] }>(
    await injectRoute(t.app, findStonesByLot, {
      headers: bearer(token),
      rawBody: { stones: ['LD1001-IND', 'LD1002'] },
    }),
  );
  const text = json<{ foundProducts: Stone[] }>(
    await injectRoute(t.app, textSearch, {
      headers: bearer(token),
      rawBody: { search_keyword: 'LD1001 2141438172', search_type: 'normal' },
    }),
  );
  return [search.stones, list.stones, byLot.stones, text.foundProducts];
}

describe('[STOCK] prices and KYC', () => {
  it('an approved customer sees list price, discount, $/ct, amount and list value', async () => {
    const [search] = await everyStoneAnswer(approved);
    const stone = search!.find((s) => s.lot_id === 'LD1001')!;
    expect(stone).toMatchObject({
      rap: 9800,
      discount: -31.5,
      price_per_carat: 6713,
      amount: 6780.13,
      rap_value: 9898,
    });
  });

  it.each(['not_started', 'inprogress', 'pending', 'rejected'])(
    'a customer whose KYC is %s gets stones without any price from every endpoint',
    async (status) => {
      const answers = await everyStoneAnswer(withoutKyc[status]!);
      for (const stones of answers) expectNoPrices(stones);
      // Everything else about the stone is there.
      expect(answers[0]!.find((s) => s.lot_id === 'LD1002')).toMatchObject({
        shape: 'OV',
        color: 'G',
        carats: 1.01,
      });
    },
  );

  it('shows prices on the next search of the same session once the KYC is approved', async () => {
    const buyer = await loggedInCustomer(t, { kycStatus: 'pending' });
    for (const stones of await everyStoneAnswer(buyer.token)) expectNoPrices(stones);
    const decided = await callRoute(t.app, decideKyc, {
      params: { email: buyer.email },
      body: { status: 'approved' },
      token: OPERATOR_TOKEN,
    });
    expect(decided.status).toBe(200);
    for (const stones of await everyStoneAnswer(buyer.token)) {
      expect(stones.find((s) => s.lot_id === 'LD1001')?.rap).toBe(9800);
    }
  });

  it.each([
    ['discount', { gte: -40, lte: -20 }],
    ['price_per_carat', { gte: 5000, lte: 8000 }],
    ['price_range', { gte: 1000, lte: 9000 }],
  ])('refuses to filter by %s without approved KYC', async (key, range) => {
    const res = await postSearch(t, withoutKyc.pending!, { filters: { [key]: range } });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: 'KYC_REQUIRED', details: [{ path: key }] });
    expect((await postSearch(t, approved, { filters: { [key]: range } })).statusCode).toBe(200);
  });

  it.each(['discount', 'price_per_carat', 'rap', 'rap_value', 'amount'] as const)(
    'refuses to sort by %s without approved KYC',
    async (field) => {
      const sort = [{ field, direction: 'desc' as const }];
      const res = await postSearch(t, withoutKyc.inprogress!, { sort });
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('KYC_REQUIRED');
      expect((await postSearch(t, approved, { sort })).statusCode).toBe(200);
    },
  );

  it('allows sorting and filtering by everything else without KYC', async () => {
    const res = await postSearch(t, withoutKyc.pending!, {
      filters: { shape: ['BR', 'OV'], table_percentage: { gte: 50, lte: 60 } },
      sort: [{ field: 'carats', direction: 'desc' }],
    });
    expect(res.statusCode).toBe(200);
    expect(json<SearchAnswer>(res).count).toBe(3);
  });

  it('keeps new arrivals for approved customers', async () => {
    const search = await postSearch(t, withoutKyc.rejected!, { new_arrivals: true });
    expect(search.statusCode).toBe(403);
    expect(json(search).code).toBe('KYC_REQUIRED');
    const text = await injectRoute(t.app, textSearch, {
      headers: bearer(withoutKyc.pending!),
      rawBody: { search_keyword: 'LD1003', search_type: 'NewArrivals' },
    });
    expect(text.statusCode).toBe(403);
    expect(json(text).code).toBe('KYC_REQUIRED');
    const ok = json<SearchAnswer>(await postSearch(t, approved, { new_arrivals: true }));
    expect(ok.stones.map((s) => s.lot_id)).toEqual(['LD1003']);
  });
});
