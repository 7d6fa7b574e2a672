import { findSimilarStones } from '@loupe/contract/matching-pairs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/call-route.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let token: string;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  token = (await loggedInCustomer(t)).token;
  const made = await stockOf(t, [
    { lot_id: 'S0', carats: 1.01, color: 'G', clarity: 'VS1' },
    { lot_id: 'S1', carats: 1.02, color: 'G', clarity: 'VS1' },
    { lot_id: 'S2', carats: 1.0, color: 'H', clarity: 'VS2' },
    { lot_id: 'S3', carats: 1.05, color: 'J', clarity: 'SI2' },
    { lot_id: 'S4', carats: 1.01, color: 'G', clarity: 'VS1', status: 'Sold' },
    { lot_id: 'S5', carats: 1.01, color: 'G', clarity: 'VS1', shape: 'OV' },
    { lot_id: 'S6', carats: 2.5, color: 'G', clarity: 'VS1' },
    { lot_id: 'S7', carats: 0.99, color: 'G', clarity: 'VS1', image_url: null },
  ]);
  ids = Object.fromEntries(made.map((stone) => [stone.lotId, stone.id]));
});
afterAll(() => t.close());

describe('[PAIRS] similar stones', () => {
  it('answers Available stones of the same shape and near size, nearest first, without the given ones', async () => {
    const res = await callRoute(t.app, findSimilarStones, {
      token,
      query: { product_id: ids.S0!, matching_pair_product_id: ids.S1 },
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body.products.map((s) => s.lot_id)).toEqual(['S7', 'S2', 'S3']);
  });

  it('with all_asset_required, only stones with image, video and certificate', async () => {
    const res = await callRoute(t.app, findSimilarStones, {
      token,
      query: { product_id: ids.S0!, all_asset_required: 'true' },
    });
    expect(res.body.products.map((s) => s.lot_id)).not.toContain('S7');
  });

  it('answers 404 for a stone that does not exist', async () => {
    const res = await callRoute(t.app, findSimilarStones, {
      token,
      query: { product_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
  });
});
