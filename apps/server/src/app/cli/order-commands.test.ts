import { addToCart } from '@loupe/contract/cart';
import { describe, expect, it } from 'vitest';
import { injectRoute } from '../../test/call-route.ts';
import { type Buyer, buyer, DAY, run, stock, t, useOperatorWorld } from '../../test/operator-kit.ts';
import { bearer, json } from '../../test/test-app.ts';

import { createOrder } from '../seed/order-factory.ts';

useOperatorWorld();

/** `npm run admin -- order invoice|ship|deliver|cancel` (the world: test/operator-kit.ts). */
describe('[OPERATOR] order invoice, ship, deliver, cancel', () => {
  async function pendingOrder(c: Buyer, n = 2) {
    const bought = await stock(n);
    const { order } = await createOrder(t.deps.db, t.clock, {
      customerId: c.id,
      stoneIds: bought.map((s) => s.id),
    });
    return { order, stones: bought, id: String(order.displayId).padStart(6, '0') };
  }

  it('moves an order from Pending to In-transit to Past, telling the buyer at each step', async () => {
    const c = await buyer();
    const { order, id } = await pendingOrder(c);
    expect((await c.orders('&invoice_status=pending')).orders.map((o) => o.id)).toEqual([order.id]);

    expect(await run('order', 'invoice', id)).toBe(`order ${id} of ${c.email} invoiced: LD-INV-${id}.`);
    const inTransit = await c.orders('&status=pending&invoice_status=available');
    expect(inTransit.orders).toHaveLength(1);
    expect(inTransit.orders[0]).toMatchObject({
      id: order.id,
      invoice_status: 'available',
      invoice: { number: `LD-INV-${id}`, invoiced_at: t.clock.now().toISOString() },
    });
    expect((await c.orders('&invoice_status=pending')).orders).toHaveLength(0);
    expect((await c.notices())[0]).toMatchObject({
      title: 'Invoice ready',
      target_page: 'your-orders:activeInvoices',
      message: expect.stringContaining(`LD-INV-${id}`),
    });

    t.clock.advance(DAY);
    expect(await run('order', 'ship', String(order.displayId), 'BRK123456789IN')).toBe(
      `order ${id} of ${c.email} shipped (tracking BRK123456789IN).`,
    );
    expect((await c.orders('&status=pending&invoice_status=available')).orders[0]).toMatchObject({
      fulfillment_status: 'shipped',
      tracking_number: 'BRK123456789IN',
    });
    expect((await c.notices())[0]).toMatchObject({
      title: 'Order shipped',
      target_page: 'your-orders:activeInvoices',
      message: expect.stringContaining('BRK123456789IN'),
    });

    t.clock.advance(DAY);
    expect(await run('order', 'deliver', `#${order.displayId}`)).toBe(`order ${id} of ${c.email} delivered.`);
    const past = await c.orders('&status=completed');
    expect(past.orders).toHaveLength(1);
    expect(past.orders[0]).toMatchObject({ status: 'completed', fulfillment_status: 'delivered' });
    expect(past.orders[0]!.history!.map((h) => h.event)).toEqual([
      'confirmed',
      'invoiced',
      'shipped',
      'delivered',
    ]);
    expect((await c.orders('&status=pending&invoice_status=available')).orders).toHaveLength(0);
    expect((await c.notices())[0]).toMatchObject({
      title: 'Order delivered',
      target_page: 'your-orders:invoicesHistory',
    });
    expect(await c.notices()).toHaveLength(3);
  });

  it('ships without a tracking number', async () => {
    const c = await buyer();
    const { id } = await pendingOrder(c, 1);
    await run('order', 'invoice', id);
    expect(await run('order', 'ship', id)).toBe(`order ${id} of ${c.email} shipped.`);
    expect((await c.orders()).orders[0]).toMatchObject({
      fulfillment_status: 'shipped',
      tracking_number: null,
    });
  });

  it('refuses each step out of turn, changing nothing', async () => {
    const c = await buyer();
    const { id } = await pendingOrder(c, 1);
    await expect(run('order', 'ship', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('not invoiced yet'),
    });
    await expect(run('order', 'deliver', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('not shipped yet'),
    });
    await run('order', 'invoice', id);
    await expect(run('order', 'invoice', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already invoiced'),
    });
    await expect(run('order', 'cancel', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('credit note'),
    });
    await run('order', 'ship', id);
    await expect(run('order', 'ship', id, 'X1')).rejects.toMatchObject({ code: 'CONFLICT' });
    await run('order', 'deliver', id);
    await expect(run('order', 'cancel', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already delivered'),
    });
    const [order] = (await c.orders()).orders;
    expect(order).toMatchObject({ status: 'completed', tracking_number: null });
    expect(order!.history!.map((h) => h.event)).toEqual(['confirmed', 'invoiced', 'shipped', 'delivered']);
    expect(await c.notices()).toHaveLength(3);

    await expect(run('order', 'invoice', '999999')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const args of [
      ['invoice'],
      ['invoice', 'LD-INV-1'],
      ['invoice', id, id],
      ['ship', id, 'two words'],
    ]) {
      await expect(run('order', ...args)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('cancels an order not yet invoiced: Failed in Pending, its stones back in stock', async () => {
    const c = await buyer();
    const other = await buyer();
    const { order, id, stones: bought } = await pendingOrder(c, 2);
    expect(await run('order', 'cancel', id, 'Stones', 'sold', 'at', 'the', 'show.')).toBe(
      `order ${id} of ${c.email} canceled; 2 stones back in stock.`,
    );
    const [canceled] = (await c.orders('&invoice_status=pending')).orders;
    expect(canceled).toMatchObject({ id: order.id, status: 'canceled' });
    expect(canceled!.history!.at(-1)).toMatchObject({ event: 'canceled', note: 'Stones sold at the show.' });
    expect((await c.notices())[0]).toMatchObject({
      title: 'Order canceled',
      target_page: 'your-orders:pendingInvoices',
      message: expect.stringContaining('Reason: Stones sold at the show.'),
    });

    // Another buyer may now put the stones in their cart and confirm them.
    const res = await injectRoute(t.app, addToCart, {
      headers: bearer(other.token),
      rawBody: { variants: bought.map((s) => s.id) },
    });
    expect(json<{ added: string[] }>(res).added).toHaveLength(2);
    expect((await other.cart()).items.every((i) => i.can_confirm)).toBe(true);

    await expect(run('order', 'cancel', id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('is canceled'),
    });
    await expect(run('order', 'invoice', id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
