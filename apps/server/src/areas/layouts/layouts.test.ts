import { listLayouts } from '@loupe/contract/layouts';
import type { QueryOf } from '@loupe/contract/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLayouts } from '../../app/seed/demo-layouts.ts';
import { admin, tryAdmin } from '../../test/admin.ts';
import { callRoute } from '../../test/call-route.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadGeneratedStones } from '../stock-import/index.ts';

let t: TestApp;
let approved: string;
let pending: string;
beforeAll(async () => {
  t = await createTestApp();
  approved = (await loggedInCustomer(t)).token;
  pending = (await loggedInCustomer(t, { kycStatus: 'pending' })).token;
  await stockOf(t, [
    { lot_id: 'G1', carats: 0.3, discount: -20 },
    { lot_id: 'G2', carats: 0.5, discount: -20 },
    { lot_id: 'G3', carats: 0.3, discount: -20, status: 'Sold' },
    { lot_id: 'O1', shape: 'OV', carats: 1.5 },
    { lot_id: 'O2', shape: 'BR', carats: 0.5 },
  ]);
});
afterAll(() => t.close());

const list = (token: string, query: QueryOf<typeof listLayouts> = {}, app = t) =>
  callRoute(app.app, listLayouts, { token, query });

describe('[LAYOUTS] layouts', () => {
  it('`layout create` makes a layout of the stones in the order given', async () => {
    expect(await admin(t, 'layout', 'create', 'Graduated line', 'g1', 'G2', 'G3')).toBe(
      'Layout "Graduated line" made: 3 stones of BR, 1.1 ct.',
    );
    expect(await admin(t, 'layout', 'create', 'Oval suite', 'O1,O2')).toBe(
      'Layout "Oval suite" made: 2 stones of Mixed, 2 ct.',
    );
  });

  it('refuses unknown stones, a taken name and a single stone', async () => {
    expect(await tryAdmin(t, 'layout', 'create', 'Other', 'G1', 'NOPE')).toMatchObject({
      status: 404,
      message: 'No stone NOPE in the stock.',
    });
    expect(await tryAdmin(t, 'layout', 'create', 'graduated LINE', 'G1', 'G2')).toMatchObject({
      status: 409,
    });
    expect(await tryAdmin(t, 'layout', 'create', 'Single', 'G1')).toMatchObject({ status: 400 });
  });

  it('lists layouts newest first with their shape, count, carats and amount', async () => {
    const res = await list(approved);
    expect(res.status, res.raw.body).toBe(200);
    if (!('layouts' in res.body)) throw new Error('a list was expected');
    expect(res.body.count).toBe(2);
    expect(
      res.body.layouts.map((l) => [l.name, l.shape, l.stones_count, l.total_carats, l.available_count]),
    ).toEqual([
      ['Oval suite', 'Mixed', 2, 2, 2],
      ['Graduated line', 'BR', 3, 1.1, 2],
    ]);
    expect(res.body.layouts[1]?.total_amount).toBeGreaterThan(0);
  });

  it('filters by a word of the name and by shape; prices stay hidden without approved KYC', async () => {
    const byName = await list(approved, { search: 'suite' });
    expect('layouts' in byName.body && byName.body.layouts.map((l) => l.name)).toEqual(['Oval suite']);
    const byShape = await list(approved, { shape: 'BR' });
    expect('layouts' in byShape.body && byShape.body.layouts.map((l) => l.name)).toEqual(['Graduated line']);
    const hidden = await list(pending);
    expect('layouts' in hidden.body && hidden.body.layouts.map((l) => l.total_amount)).toEqual([null, null]);
  });

  it('answers one layout with its stones in order, and 404 for an unknown one', async () => {
    const all = await list(approved, { search: 'Graduated' });
    const id = 'layouts' in all.body ? all.body.layouts[0]!.id : '';
    const one = await list(approved, { layout_id: id });
    expect(one.status).toBe(200);
    if (!('layout' in one.body)) throw new Error('one layout was expected');
    expect(one.body.layout.stones.map((s) => [s.lot_id, s.diamond_status])).toEqual([
      ['G1', 'Available'],
      ['G2', 'Available'],
      ['G3', 'Sold'],
    ]);
    const missing = await list(approved, { layout_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
  });

  it('the demo seed makes its layouts once from the demo stock', async () => {
    const demo = await createTestApp();
    try {
      const token = (await loggedInCustomer(demo)).token;
      await loadGeneratedStones(demo.deps.db, 3000, { seed: 'layouts', now: new Date() });
      await seedDemoLayouts(demo.deps.db);
      const first = await list(token, {}, demo);
      expect('layouts' in first.body && first.body.layouts.length).toBeGreaterThanOrEqual(3);
      await seedDemoLayouts(demo.deps.db);
      const again = await list(token, {}, demo);
      expect('layouts' in again.body && again.body.count).toBe('layouts' in first.body && first.body.count);
    } finally {
      await demo.close();
    }
  });
});
