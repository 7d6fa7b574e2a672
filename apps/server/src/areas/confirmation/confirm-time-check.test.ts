import { randomUUID } from 'node:crypto';
import { confirmTimeCheck } from '@loupe/contract/confirmation';
import { describe, expect, it } from 'vitest';
import { createKam } from '../../app/seed/factories.ts';
import { injectRoute } from '../../test/call-route.ts';
import { setStone } from '../../test/cart-kit.ts';
import {
  buyer,
  checked,
  fresh,
  HOUR,
  line,
  loner,
  pending,
  rival,
  setAmount,
  statusOf,
  t,
  timeCheck,
  useConfirmWorld,
} from '../../test/confirm-kit.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { json } from '../../test/test-app.ts';

useConfirmWorld();

/** Domain-facts §5 "Confirm flow": the check before the confirm screen (the world: test/confirm-kit.ts). */

describe('[CONFIRM] confirm-time-check', () => {
  it('answers available for stones anyone may buy at the prices shown, stone by stone', async () => {
    const [a, b] = await fresh([{ lot_id: 'LDTC1001', rap: 9800, discount: -30 }, { status: 'BidToBuy' }]);
    const answer = await checked(buyer, [line(a!), line(b!)]);
    expect(answer).toMatchObject({
      status: 'available',
      title: 'Stones available',
      message: 'All 2 stones are available at the prices shown.',
      duties_disclaimer: false,
      kam_location: 'IND',
    });
    expect(answer.data[a!.id]).toEqual({
      id: a!.id,
      lot_id: 'LDTC1001',
      status: 'available',
      reason: null,
      title: 'Available',
      message: 'LDTC1001 is available at $6,928.60.',
      amount_seen: 6928.6,
      amount_now: 6928.6,
      location: 'IND',
    });
    expect(answer.data[b!.id]).toMatchObject({ status: 'available', reason: null });
  });

  it('answers unavailable with the reason for sold stones, stones held or on memo for someone else, and unknown ids', async () => {
    const [sold, held, memo] = await fresh([
      { lot_id: 'LDTC2001', status: 'Sold' },
      { lot_id: 'LDTC2002' },
      { lot_id: 'LDTC2003' },
    ]);
    await setStone(t, held!.id, 'Hold', {
      for: rival.id,
      until: new Date(t.clock.now().getTime() + 24 * HOUR),
    });
    await setStone(t, memo!.id, 'Memo', { for: rival.id });
    const unknown = randomUUID();
    const answer = await checked(buyer, [
      line(sold!),
      line(held!),
      line(memo!),
      { id: unknown, amount: 5000 },
    ]);
    expect(answer.status).toBe('unavailable');
    expect(answer.title).toBe('Stones unavailable');
    expect(answer.message).toContain('LDTC2001');
    expect(answer.data[sold!.id]).toMatchObject({ status: 'unavailable', reason: 'sold', title: 'Sold' });
    expect(answer.data[held!.id]).toMatchObject({
      status: 'unavailable',
      reason: 'hold',
      title: 'On hold',
      message: 'LDTC2002 is on hold for another customer.',
    });
    expect(answer.data[memo!.id]).toMatchObject({
      status: 'unavailable',
      reason: 'memo',
      title: 'On memo',
      message: 'LDTC2003 is on memo with another customer.',
    });
    expect(answer.data[unknown]).toMatchObject({
      id: unknown,
      lot_id: null,
      status: 'unavailable',
      reason: 'not_found',
      amount_seen: 5000,
      amount_now: null,
    });
    // The check writes nothing.
    expect(await statusOf(held!.id)).toBe('Hold');
  });

  it('answers some-available when part of the selection can be confirmed', async () => {
    const [ok, sold] = await fresh([{ lot_id: 'LDTC3001' }, { lot_id: 'LDTC3002', status: 'Sold' }]);
    const answer = await checked(buyer, [line(ok!), line(sold!)]);
    expect(answer).toMatchObject({ status: 'some-available', title: 'Some stones unavailable' });
    expect(answer.message).toBe(
      '1 of 2 stones can be confirmed. LDTC3002 cannot. Update your selection or confirm the remaining stones.',
    );
    expect(answer.data[ok!.id]!.status).toBe('available');
    expect(answer.data[sold!.id]!.reason).toBe('sold');
  });

  it('begins its sentences with a capital when a stone has no lot id to name', async () => {
    const [ok] = await fresh([{ lot_id: 'LDTC3101' }]);
    const gone = await checked(buyer, [{ id: randomUUID(), amount: 100 }]);
    expect(gone.message).toBe(
      'One selected stone cannot be confirmed now. Update your selection or refresh the search results.',
    );
    const some = await checked(buyer, [
      line(ok!),
      { id: randomUUID(), amount: 100 },
      { id: randomUUID(), amount: 200 },
    ]);
    expect(some.message).toBe(
      '1 of 3 stones can be confirmed. 2 selected stones cannot. Update your selection or confirm the remaining stones.',
    );
  });

  it('answers price_changed with the amount now when the price moved by a cent or more', async () => {
    const [moved, rounding] = await fresh([{ lot_id: 'LDTC4001' }, { lot_id: 'LDTC4002' }]);
    await setAmount(moved!.id, moved!.amount + 120.5);
    const answer = await checked(buyer, [
      line(moved!),
      { id: rounding!.id, amount: rounding!.amount + 0.004 },
    ]);
    expect(answer.status).toBe('some-available');
    expect(answer.data[moved!.id]).toMatchObject({
      status: 'unavailable',
      reason: 'price_changed',
      title: 'Price changed',
      amount_seen: moved!.amount,
      amount_now: moved!.amount + 120.5,
    });
    expect(answer.data[moved!.id]!.message).toMatch(
      /^The price of LDTC4001 changed from \$[\d,.]+ to \$[\d,.]+\.$/,
    );
    // Less than half a cent is the same price.
    expect(answer.data[rounding!.id]!.status).toBe('available');
  });

  it('counts a stone on hold or on memo for this customer as available, and a lapsed hold as available to anyone', async () => {
    const [hold, memo, lapsed] = await fresh([{}, {}, {}]);
    const now = t.clock.now().getTime();
    await setStone(t, hold!.id, 'Hold', { for: buyer.id, until: new Date(now + 24 * HOUR) });
    await setStone(t, memo!.id, 'Memo', { for: buyer.id, until: new Date(now - 24 * HOUR) });
    await setStone(t, lapsed!.id, 'Hold', { for: rival.id, until: new Date(now - HOUR) });
    const answer = await checked(buyer, [line(hold!), line(memo!), line(lapsed!)]);
    expect(answer.status).toBe('available');
    // The holder's rival still may not have the held stone.
    const rivalAnswer = await checked(rival, [line(hold!), line(memo!)]);
    expect(rivalAnswer.status).toBe('unavailable');
  });

  it('asks for the duties disclaimer when a stone sits at a location other than the KAM’s', async () => {
    const [mumbai, antwerp, bonded, newYork] = await fresh([
      { location: 'IND' },
      { location: 'BEL' },
      { location: 'USA-BD' },
      { location: 'USA' },
    ]);
    expect((await checked(buyer, [line(mumbai!)])).duties_disclaimer).toBe(false);
    const mixed = await checked(buyer, [line(mumbai!), line(antwerp!)]);
    expect(mixed).toMatchObject({ duties_disclaimer: true, kam_location: 'IND' });
    expect(mixed.data[antwerp!.id]!.location).toBe('BEL');

    // USA-BD is the USA as far as duties go.
    const usKam = await createKam(t.deps.db, { location: 'USA' });
    const american = await loggedInCustomer(t, { kamId: usKam.id });
    expect((await checked(american, [line(bonded!), line(newYork!)])).duties_disclaimer).toBe(false);
    expect((await checked(american, [line(bonded!), line(mumbai!)])).duties_disclaimer).toBe(true);

    // No KAM, nothing to compare with.
    const lonely = await checked(loner, [line(antwerp!)]);
    expect(lonely).toMatchObject({ duties_disclaimer: false, kam_location: null });
  });

  it('is refused with 403 KYC_REQUIRED without approved KYC, and 401 without a login', async () => {
    const [stone] = await fresh([{}]);
    for (const kycStatus of ['not_started', 'pending', 'rejected'] as const) {
      const who = kycStatus === 'pending' ? pending : await loggedInCustomer(t, { kycStatus });
      const res = await timeCheck(who, [line(stone!)]);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({
        code: 'KYC_REQUIRED',
        message: 'Complete your KYC to confirm stones.',
      });
    }
    const anonymous = await injectRoute(t.app, confirmTimeCheck, { rawBody: { variants: [line(stone!)] } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an empty selection and the same stone twice with 400', async () => {
    const [stone] = await fresh([{}]);
    expect((await timeCheck(buyer, [])).statusCode).toBe(400);
    const twice = await timeCheck(buyer, [
      line(stone!),
      { id: stone!.id.toUpperCase(), amount: stone!.amount },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(json(twice)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'variants: A stone is selected twice',
    });
  });
});
