import { addToCart } from '@loupe/contract/cart';
import { describe, expect, it } from 'vitest';
import { injectRoute } from '../../test/call-route.ts';
import {
  buyer,
  DAY,
  expectUntouched,
  lotsIn,
  run,
  stock,
  stoneNow,
  t,
  useOperatorWorld,
} from '../../test/operator-kit.ts';
import { bearer } from '../../test/test-app.ts';

useOperatorWorld();

/** `npm run admin -- stone hold|release` and `memo issue` (the world: test/operator-kit.ts). */
describe('[OPERATOR] stone hold', () => {
  it('holds stones for a customer for two days: in their Hold tab, with a notice', async () => {
    const c = await buyer();
    const other = await buyer();
    const [a, b] = await stock(2);
    const output = await run('stone', 'hold', c.email.toUpperCase(), a!.lotId, b!.lotId.toLowerCase());
    const until = new Date(t.clock.now().getTime() + 2 * DAY).toISOString();
    expect(output).toBe(`2 stones on hold for ${c.email} until ${until}: ${a!.lotId}, ${b!.lotId}.`);

    const hold = await c.cart('hold');
    expect(hold.counts).toMatchObject({ active: 0, hold: 2, memo: 0, sold: 0 });
    expect(lotsIn(hold)).toEqual([a!.lotId, b!.lotId].sort());
    expect(hold.items[0]).toMatchObject({
      tab: 'hold',
      reservation: { kind: 'hold', for_you: true, until },
      can_confirm: true,
    });
    const [notice] = await c.notices();
    expect(notice).toMatchObject({ title: 'Stones on hold for you', target_page: 'my-cart:hold' });
    expect(notice!.message).toContain(a!.lotId);
    expect(notice!.message).toContain('Hold tab');

    // Someone else with the stone in their cart sees it held, and may not confirm it.
    const res = await injectRoute(t.app, addToCart, {
      headers: bearer(other.token),
      rawBody: { variants: [a!.id] },
    });
    expect(res.statusCode).toBe(200);
    const theirs = await other.cart('hold');
    expect(theirs.items[0]).toMatchObject({ reservation: { for_you: false }, can_confirm: false });
    expect(await other.notices()).toHaveLength(0);
  });

  it('takes --days, --until and comma-separated stock numbers; holding again moves the date', async () => {
    const c = await buyer();
    const [a, b, d] = await stock(3);
    const now = t.clock.now().getTime();
    await run('stone', 'hold', c.email, `${a!.lotId},${b!.lotId}`, '--days', '5');
    expect((await stoneNow(a!.id)).reservedUntil).toEqual(new Date(now + 5 * DAY));
    expect((await stoneNow(b!.id)).reservedUntil).toEqual(new Date(now + 5 * DAY));

    const until = new Date(now + 36 * 3_600_000);
    until.setUTCMilliseconds(0);
    const output = await run('stone', 'hold', c.email, a!.lotId, d!.lotId, '--until', until.toISOString());
    expect(output).toContain(`until ${until.toISOString()}`);
    expect((await stoneNow(a!.id)).reservedUntil).toEqual(until);
    const hold = await c.cart('hold');
    expect(hold.counts.hold).toBe(3);
    expect(await c.notices()).toHaveLength(2);
  });

  it('changes nothing when a stone is not available, unknown, or the command is wrong', async () => {
    const c = await buyer();
    const someoneElse = await buyer();
    const [free, free2] = await stock(2);
    const [sold] = await stock(1, 'Sold');
    const [memo] = await stock(1, 'Memo');
    const [bidToBuy] = await stock(1, 'BidToBuy');
    const [held] = await stock(1);
    await run('stone', 'hold', someoneElse.email, held!.lotId);
    const heldForOther = await someoneElse.notices();

    for (const taken of [sold!, memo!, bidToBuy!, held!]) {
      await expect(run('stone', 'hold', c.email, free!.lotId, taken.lotId)).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(
          new RegExp(`${taken.lotId} is (sold|on memo|in the bid-to-buy event|on hold)`),
        ),
      });
    }
    await expect(run('stone', 'hold', c.email, free!.lotId, 'LD-NO-SUCH')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('LD-NO-SUCH'),
    });
    await expect(run('stone', 'hold', 'nobody@example.test', free!.lotId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    for (const args of [
      [c.email],
      [],
      [c.email, free!.lotId, '--days', '0'],
      [c.email, free!.lotId, '--days', 'two'],
      [c.email, free!.lotId, '--until', new Date(t.clock.now().getTime() - 1000).toISOString()],
      [c.email, free!.lotId, '--until', 'tomorrow'],
      [c.email, free!.lotId, '--days', '2', '--until', '2099-01-01'],
      [c.email, free!.lotId, '--forever'],
    ]) {
      await expect(run('stone', 'hold', ...args)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await expectUntouched(c, [free!.id, free2!.id], 0);
    expect(await someoneElse.notices()).toHaveLength(heldForOther.length);
    expect((await stoneNow(held!.id)).reservedFor).toBe(someoneElse.id);
  });
});

describe('[OPERATOR] memo issue', () => {
  it('sends stones on memo: a memo order, the Memo tab and a notice', async () => {
    const c = await buyer();
    const [a, b] = await stock(2);
    const output = await run('memo', 'issue', c.email, a!.lotId, b!.lotId);
    const due = new Date(t.clock.now().getTime() + 14 * DAY).toISOString();
    expect(output).toMatch(new RegExp(`^MEMO-\\d{6} issued to ${c.email}: .*, due back by ${due}\\.$`));

    const { memo_orders } = await c.memoOrders();
    expect(memo_orders).toHaveLength(1);
    expect(memo_orders[0]).toMatchObject({
      memo_number: output.slice(0, 11),
      status: 'open',
      due_at: due,
      stone_count: 2,
    });
    expect(memo_orders[0]!.items.map((i) => i.status)).toEqual(['on_memo', 'on_memo']);

    const memo = await c.cart('memo');
    expect(memo.counts).toMatchObject({ active: 0, memo: 2 });
    expect(memo.items[0]).toMatchObject({ reservation: { kind: 'memo', for_you: true, until: due } });
    const [notice] = await c.notices();
    expect(notice).toMatchObject({ title: 'Stones on memo', target_page: 'my-cart:memo' });
    expect(notice!.message).toContain(output.slice(0, 11));
  });

  it('takes a stone on hold for the same customer, and --days', async () => {
    const c = await buyer();
    const [a] = await stock(1);
    await run('stone', 'hold', c.email, a!.lotId);
    await run('memo', 'issue', c.email, a!.lotId, '--days', '7');
    expect((await c.cart('memo')).counts).toMatchObject({ hold: 0, memo: 1 });
    expect((await c.memoOrders()).memo_orders[0]!.due_at).toBe(
      new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
    );
  });

  it('refuses a customer without approved KYC and stones not available, changing nothing', async () => {
    const pending = await buyer({ kycStatus: 'pending' });
    const c = await buyer();
    const [a] = await stock(1);
    const [sold] = await stock(1, 'Sold');
    await expect(run('memo', 'issue', pending.email, a!.lotId)).rejects.toMatchObject({
      code: 'KYC_REQUIRED',
      message: expect.stringContaining(pending.email),
    });
    await expect(run('memo', 'issue', c.email, a!.lotId, sold!.lotId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`${sold!.lotId} is sold`),
    });
    await expectUntouched(pending, [a!.id], 0);
    await expectUntouched(c, [a!.id], 0);
    expect((await c.memoOrders()).memo_orders).toHaveLength(0);
  });
});

describe('[OPERATOR] stone release', () => {
  it('ends a hold: the stone is Active again for everyone, and the customer is told', async () => {
    const c = await buyer();
    const [a] = await stock(1);
    await run('stone', 'hold', c.email, a!.lotId);
    t.clock.advance(60_000); // the bell lists newest first
    expect(await run('stone', 'release', a!.lotId)).toBe(`Available again (hold released on ${a!.lotId}).`);
    const active = await c.cart('active');
    expect(active.counts).toMatchObject({ active: 1, hold: 0 });
    expect(active.items[0]).toMatchObject({ reservation: null, can_confirm: true });
    const [notice] = await c.notices();
    expect(notice).toMatchObject({ title: 'Hold released', target_page: 'my-cart:active' });
    expect((await stoneNow(a!.id)).reservedFor).toBeNull();
  });

  it('takes stones back from memo; the memo closes when the last one is back', async () => {
    const c = await buyer();
    const [a, b] = await stock(2);
    await run('memo', 'issue', c.email, a!.lotId, b!.lotId);
    t.clock.advance(60_000); // the bell lists newest first

    await run('stone', 'release', a!.lotId);
    let [memo] = (await c.memoOrders()).memo_orders;
    expect(memo!.status).toBe('open');
    expect(Object.fromEntries(memo!.items.map((i) => [i.lot_id, i.status]))).toEqual({
      [a!.lotId]: 'returned',
      [b!.lotId]: 'on_memo',
    });
    expect((await c.cart('memo')).counts).toMatchObject({ active: 1, memo: 1 });
    expect((await c.notices())[0]).toMatchObject({ title: 'Memo return received' });

    await run('stone', 'release', b!.lotId);
    [memo] = (await c.memoOrders()).memo_orders;
    expect(memo!.status).toBe('closed');
    expect(memo!.items.every((i) => i.status === 'returned')).toBe(true);
    expect((await c.cart()).counts).toMatchObject({ active: 2, memo: 0 });
  });

  it('refuses stones neither on hold nor on memo, changing nothing', async () => {
    const c = await buyer();
    const [a, free] = await stock(2);
    await run('stone', 'hold', c.email, a!.lotId);
    await expect(run('stone', 'release', a!.lotId, free!.lotId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`${free!.lotId} (Available)`),
    });
    await expect(run('stone', 'release')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(run('stone', 'release', 'LD-NO-SUCH')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await c.cart('hold')).counts.hold).toBe(1);
    expect(await c.notices()).toHaveLength(1);
  });
});
