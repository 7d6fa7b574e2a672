import { holdStones } from '@loupe/contract/cart';
import { removeTestCustomer } from '@loupe/contract/customers';
import { issueMemo } from '@loupe/contract/orders';
import { removeTestStones } from '@loupe/contract/stock-import';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, kycDocuments, memoOrders } from '../../platform/db/schema/index.ts';
import { callRoute, expectOk } from '../../test/call-route.ts';
import { newKycBuyer, upload } from '../../test/kyc-kit.ts';
import { buyer, stock, stoneNow, t, useOperatorWorld } from '../../test/operator-kit.ts';
import { OPERATOR_TOKEN } from '../../test/test-app.ts';
import { statusRank } from '../stones/index.ts';

useOperatorWorld();

/** The end-to-end tests' cleanup (outside production): the customers and stones they made go again. */
describe('[E2E DATA] removing the customers and stones a test made', () => {
  it('removes a customer with everything theirs, and their held and memo stones are Available again', async () => {
    const c = await buyer();
    const [held, onMemo] = await stock(2);
    await expectOk(t.app, holdStones, {
      token: OPERATOR_TOKEN,
      body: { email: c.email, lot_ids: [held!.lotId] },
    });
    await expectOk(t.app, issueMemo, {
      token: OPERATOR_TOKEN,
      body: { email: c.email, lot_ids: [onMemo!.lotId] },
    });

    const res = await callRoute(t.app, removeTestCustomer, {
      token: OPERATOR_TOKEN,
      params: { email: c.email.toUpperCase() },
    });
    expect(res.status).toBe(204);
    expect(await t.deps.db.select().from(customers).where(eq(customers.id, c.id))).toEqual([]);
    expect(await t.deps.db.select().from(memoOrders).where(eq(memoOrders.customerId, c.id))).toEqual([]);
    for (const stone of [held!, onMemo!]) {
      const now = await stoneNow(stone.id);
      expect(now.status).toBe(statusRank('Available'));
      expect(now.reservedFor).toBeNull();
    }

    const again = await callRoute(t.app, removeTestCustomer, {
      token: OPERATOR_TOKEN,
      params: { email: c.email },
    });
    expect(again.status).toBe(404);
  });

  it("removes the KYC documents a removed customer uploaded, and no one else's", async () => {
    const [gone, stays] = [await newKycBuyer(t), await newKycBuyer(t)];
    for (const c of [gone, stays]) {
      expect((await upload(t, c.token, 'india', false, 'pan_card')).status).toBe(200);
    }
    const files = async (customerId: string) => {
      const rows = await t.deps.db.select().from(kycDocuments).where(eq(kycDocuments.customerId, customerId));
      return rows.map((r) => r.storageKey);
    };
    const [goneKey] = await files(gone.id);
    const [staysKey] = await files(stays.id);
    const storage = t.deps.storage!;
    expect(await storage.exists(goneKey!)).toBe(true);

    await expectOk(t.app, removeTestCustomer, { token: OPERATOR_TOKEN, params: { email: gone.email } });
    expect(await storage.exists(goneKey!)).toBe(false);
    expect(await files(gone.id)).toEqual([]);
    expect(await storage.exists(staysKey!)).toBe(true);
  });

  it('removes stones by stock number, and none while one of them is still on a memo', async () => {
    const c = await buyer();
    const [free, other, onMemo] = await stock(3);
    await expectOk(t.app, issueMemo, {
      token: OPERATOR_TOKEN,
      body: { email: c.email, lot_ids: [onMemo!.lotId] },
    });

    const refused = await callRoute(t.app, removeTestStones, {
      token: OPERATOR_TOKEN,
      body: { lot_ids: [free!.lotId, onMemo!.lotId] },
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toContain(onMemo!.lotId);
    expect((await stoneNow(free!.id)).lotId).toBe(free!.lotId);

    const removed = await expectOk(t.app, removeTestStones, {
      token: OPERATOR_TOKEN,
      body: { lot_ids: [free!.lotId.toLowerCase(), other!.lotId, 'NOT-IN-STOCK'] },
    });
    expect(removed).toEqual({ removed: 2 });
    expect(await stoneNow(free!.id)).toBeUndefined();
    expect(await stoneNow(other!.id)).toBeUndefined();
  });
});
