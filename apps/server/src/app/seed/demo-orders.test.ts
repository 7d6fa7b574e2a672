import { type Appointment, appointmentForm, listAppointments } from '@loupe/contract/appointments';
import { type CartTab, getCart } from '@loupe/contract/cart';
import { getMe } from '@loupe/contract/customers';
import { listNotices } from '@loupe/contract/notices';
import { listMemoOrders, listOrders } from '@loupe/contract/orders';
import type { ResponseOf, RouteDef } from '@loupe/contract/route';
import { listSavedSearches } from '@loupe/contract/saved-searches';
import { searchStones } from '@loupe/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallInput, expectOk, injectRoute } from '../../test/call-route.ts';
import { bearer, createTestApp, json, logInAs, type TestApp } from '../../test/test-app.ts';
import { seedDemo } from './demo.ts';
import { DEMO_PASSWORD } from './factories.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.deps.db, t.clock, { stones: 600 });
  token = await logInAs(t.app, 'buyer@loupe.test', DEMO_PASSWORD);
});
afterAll(() => t.close());

const DAY = 86_400_000;

type CartAnswer = {
  items: {
    tab: CartTab;
    product: { lot_id: string; diamond_status: string };
    reservation: { kind: string; for_you: boolean; until: string | null } | null;
    can_confirm: boolean;
  }[];
  counts: Record<CartTab, number>;
};
type Orders = ResponseOf<typeof listOrders>;

const get = <R extends RouteDef>(route: R, input: Pick<CallInput<R>, 'query' | 'search'> = {}) =>
  expectOk(t.app, route, { ...input, token });
const cart = (tab: CartTab): Promise<CartAnswer> => get(getCart, { query: { tab, limit: 50 } });
const orders = (query: string): Promise<Orders> => get(listOrders, { search: `?${query}` });

/** What the demo buyer sees of their cart, orders and memos, in numbers. */
async function overview() {
  const [pending, inTransit, past, all, memos, active] = await Promise.all([
    orders('invoice_status=pending'),
    orders('status=pending&invoice_status=available'),
    orders('status=completed'),
    orders(''),
    get(listMemoOrders),
    cart('active'),
  ]);
  return {
    cart: active.counts,
    pending: pending.orders.map((o) => o.status).sort(),
    inTransit: inTransit.orders.map((o) => o.fulfillment_status).sort(),
    past: past.count,
    orders: all.count,
    memos: memos.memo_orders.map((m) => m.status).sort(),
  };
}

describe('[SEED] the demo buyer', () => {
  it('gives the demo buyer a cart in every tab, orders in every state and memo orders', async () => {
    expect(await overview()).toEqual({
      cart: { active: 8, hold: 3, memo: 3, sold: 2 },
      pending: ['canceled', 'pending', 'pending', 'requires_action'],
      inTransit: ['not_shipped', 'shipped'],
      past: 3,
      orders: 9,
      memos: ['closed', 'open'],
    });

    const { customer } = await get(getMe);
    expect(customer.cart.count).toBe(16);

    const active = await cart('active');
    expect(active.items.map((i) => i.product.diamond_status)).toContain('BidToBuy');
    expect(active.items.every((i) => i.can_confirm)).toBe(true);

    const now = t.clock.now().getTime();
    const hold = await cart('hold');
    const mine = hold.items.filter((i) => i.reservation?.for_you);
    expect(mine.map((i) => i.reservation!.until).sort()).toEqual([
      new Date(now + 2 * DAY).toISOString(),
      new Date(now + 5 * DAY).toISOString(),
    ]);
    expect(hold.items.filter((i) => !i.reservation?.for_you)).toHaveLength(1);

    const memo = await cart('memo');
    expect(memo.items.filter((i) => i.reservation?.for_you)).toHaveLength(2);
    expect(memo.items.filter((i) => !i.can_confirm)).toHaveLength(1);

    const { orders: pending } = await orders('invoice_status=pending');
    expect(pending.filter((o) => o.comment !== '')).toHaveLength(1);
    const { orders: inTransit } = await orders('status=pending&invoice_status=available');
    expect(inTransit.find((o) => o.fulfillment_status === 'shipped')!.tracking_number).toMatch(/\w+/);
    expect(inTransit.every((o) => o.invoice?.number.startsWith('LD-INV-'))).toBe(true);
    const { orders: past } = await orders('status=completed');
    const ages = past.map((o) => (now - Date.parse(o.created_at)) / DAY);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(60);

    const { memo_orders } = await get(listMemoOrders);
    const open = memo_orders.find((m) => m.status === 'open')!;
    expect(open.items.map((i) => i.status)).toEqual(['on_memo', 'on_memo']);
    expect(open.due_at).toBe(new Date(now + 10 * DAY).toISOString());
    const closed = memo_orders.find((m) => m.status === 'closed')!;
    expect(closed.items.map((i) => i.status).sort()).toEqual(['bought', 'returned']);
    const bought = closed.items.find((i) => i.status === 'bought')!;
    expect(past.some((o) => o.comment.includes(closed.memo_number))).toBe(true);
    expect(bought.product.diamond_status).toBe('Sold');
  });

  it('gives the demo buyer saved searches whose counts are what running them finds', async () => {
    const { saved_searches } = await get(listSavedSearches);
    expect(saved_searches.map((s) => s.name)).toEqual([
      'Fancy yellow',
      'Pears for pairs',
      'Ovals 2ct+ 3EX',
      'Rounds 1ct G-H VS',
    ]);
    for (const saved of saved_searches) {
      const res = await injectRoute(t.app, searchStones, {
        headers: bearer(token),
        rawBody: { filters: saved.meta_data, limit: 1 },
      });
      expect(json<{ count: number }>(res).count, saved.name).toBe(saved.diamond_count);
    }
    expect(saved_searches.some((s) => s.diamond_count > 0)).toBe(true);
  });

  it('gives the demo buyer a visit and a call to come on free slots of their KAM, a history, and their notices', async () => {
    const now = t.clock.now().getTime();
    const { upcoming, history } = (await get(listAppointments)).data;
    expect(upcoming).toHaveLength(1);
    const [visit] = upcoming as [Appointment];
    expect(visit.status).toBe('scheduled');
    expect(visit.appointment_type).toBe('in_person');
    expect(visit.address).toContain('Bharat Diamond Bourse, Bandra Kurla Complex, Mumbai');
    expect(visit.stones).toHaveLength(2);
    expect(visit.stones.every((stone) => stone.location === 'IND')).toBe(true);
    expect(visit.appointment_at).toMatch(/\+05:30$/);
    expect(Date.parse(visit.appointment_at)).toBeGreaterThan(now + DAY);
    expect(history.map((a) => a.status).sort()).toEqual(['canceled', 'completed']);
    expect(history.every((a) => Date.parse(a.appointment_at) < now)).toBe(true);

    // The KAM's calendar: the visit and the call hold two of its free slots, nobody else's.
    const { timeSlots } = await get(appointmentForm);
    const taken = Object.values(timeSlots.slots)
      .flatMap((groups) => Object.values(groups).flatMap((slots) => Object.values(slots!)))
      .filter((slot) => !slot.isAvailable && Date.parse(slot.datetimeString) > now + 2 * 3_600_000)
      .map((slot) => slot.datetimeString);
    expect(taken).toHaveLength(2);
    expect(taken).toContain(visit.appointment_at);

    // The notices say what was booked, where and when.
    const { notices } = await get(listNotices, { query: { limit: 50, offset: 0 } });
    const [, year, month, day, time] = /^(\d{4})-(\d\d)-(\d\d)T(\d\d:\d\d)/.exec(visit.appointment_at)!;
    expect(time).toBe('11:00');
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    const say = (part: 'weekday' | 'month') =>
      date.toLocaleString('en-US', { [part]: 'short', timeZone: 'UTC' });
    const booked = notices.find((n) => n.title === 'Appointment booked');
    expect(booked?.message).toBe(
      `Your appointment is booked: ${say('weekday')} ${Number(day)} ${say('month')} ${year}, ` +
        `11:00 AM – 11:30 AM (Asia/Kolkata) with Ananya Iyer, ${visit.address}.`,
    );
    expect(booked?.target_page).toBe('appointment:upcomingAppointments');
    expect(notices.find((n) => n.title === 'Callback scheduled')?.message).toMatch(
      /^Ananya Iyer will call you on /,
    );
    expect(notices.filter((n) => n.title === 'Appointment cancelled')).toHaveLength(1);
    expect(notices.some((n) => n.message.includes('confirmed your appointment'))).toBe(false);
  });

  it('adds nothing on later starts, and moves the holds forward so they never lapse', async () => {
    const before = await overview();
    t.clock.advance(3 * DAY);
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    await t.runDueJobs();
    expect(await overview()).toEqual(before);
    const saved = await get(listSavedSearches);
    expect(saved.count).toBe(4);

    const now = t.clock.now().getTime();
    const hold = await cart('hold');
    expect(hold.items.map((i) => i.reservation!.until).sort()).toEqual([
      new Date(now + 2 * DAY).toISOString(),
      new Date(now + 3 * DAY).toISOString(),
      new Date(now + 5 * DAY).toISOString(),
    ]);

    // A start soon after leaves the holds' dates as they are.
    t.clock.advance(10 * 60_000);
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    expect((await cart('hold')).items.map((i) => i.reservation!.until).sort()).toEqual(
      hold.items.map((i) => i.reservation!.until).sort(),
    );
  });

  it('books the buyer a visit and a call again at a later start, once the ones before have passed', async () => {
    const before = (await get(listAppointments)).data;
    t.clock.advance(8 * DAY);
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    const after = (await get(listAppointments)).data;
    expect(after.upcoming).toHaveLength(1);
    expect(after.upcoming[0]!.id).not.toBe(before.upcoming[0]!.id);
    expect(Date.parse(after.upcoming[0]!.appointment_at)).toBeGreaterThan(t.clock.now().getTime());
    expect(after.history.find((a) => a.id === before.upcoming[0]!.id)?.status).toBe('completed');
    expect(after.history).toHaveLength(before.history.length + 1);
    const calls = await get(listNotices, { query: { limit: 50, offset: 0 } });
    expect(calls.notices.filter((n) => n.title === 'Callback scheduled').length).toBeGreaterThanOrEqual(2);

    // A start soon after adds none.
    t.clock.advance(10 * 60_000);
    await seedDemo(t.deps.db, t.clock, { stones: 600 });
    const again = (await get(listAppointments)).data;
    expect(again.upcoming.map((a) => a.id)).toEqual(after.upcoming.map((a) => a.id));
    expect(again.history).toHaveLength(after.history.length);
  });
});
