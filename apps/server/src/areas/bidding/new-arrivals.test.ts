import { newArrivalBidHistory } from '@loupe/contract/bidding';
import { listNotices } from '@loupe/contract/notices';
import { listOrders } from '@loupe/contract/orders';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStones } from '../../app/seed/stone-factory.ts';
import { bidLog, bidRounds, jobs, stones } from '../../platform/db/schema/index.ts';
import { admin } from '../../test/admin.ts';
import { type Bidder, connectBidder, HEARD, latestNews } from '../../test/bidding-kit.ts';
import { callRoute } from '../../test/call-route.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { markSold, reviseStones } from '../stones/index.ts';
import { encodeBoard, encodedViewOf } from './encoded-views.ts';
import {
  type BoardStones,
  currentNewArrivalRound,
  type RoundBoard,
  readBoard,
  readMyBids,
  viewOfBoard,
} from './new-arrivals.ts';
import { findOpenRound } from './rounds.ts';

let t: TestApp;
let baseUrl: string;
const open: Bidder[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  // 09:00 UTC: the day's round closes at 13:00.
  t.clock.advance(Date.UTC(2026, 10, 25, 9) - t.clock.now().getTime());
  baseUrl = await t.listen();
});
afterAll(async () => {
  for (const b of open) b.close();
  await t.close();
});

async function bidder(kycStatus: 'approved' | 'pending' = 'approved') {
  const c = await loggedInCustomer(t, { kycStatus });
  const b = await connectBidder(baseUrl, c.token);
  open.push(b);
  return { ...c, b };
}

const ago = (hours: number) => new Date(t.clock.now().getTime() - hours * HOUR);
let fresh: { id: string }[];
let run = 0;
/** This test's stock number of a stone: every test has stones of its own. */
const lot = (name: string) => `T${run}${name}`;
const lots = (rows: { lot_id: string }[]) => rows.map((r) => r.lot_id.replace(/^T\d+/, ''));

beforeEach(async () => {
  // Each test starts the next day at 09:00 UTC, after the stones of the tests before it stopped
  // being new arrivals, with a fresh round (closing at 13:00).
  run += 1;
  const now = t.clock.now();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 2, 9);
  t.clock.advance(next - now.getTime());
  await admin(t, 'bids', 'close-round');
  fresh = await createStones(t.deps.db, [
    { lot_id: lot('NA1'), certified_at: ago(2), rap: 10_000, carats: 1.5, discount: -30 },
    { lot_id: lot('NA2'), certified_at: ago(5), rap: 8_000, carats: 1.01, discount: -20 },
    { lot_id: lot('OLD1'), certified_at: ago(30), discount: -25 },
    { lot_id: lot('NASOLD'), certified_at: ago(1), status: 'Sold' },
  ]);
});

const todayAt13 = () => {
  const now = t.clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 13)).toISOString();
};

const logged = async () => (await t.deps.db.select().from(bidLog)).length;
let before = 0;
beforeEach(async () => {
  before = await logged();
});
const loggedNow = async () => (await logged()) - before;

/** No new-arrivals round open, as on a new database: it has none until someone asks (each close opens the next). */
async function closeNewArrivalRounds() {
  await t.deps.db
    .update(bidRounds)
    .set({ closedAt: t.clock.now() })
    .where(and(eq(bidRounds.kind, 'new_arrivals'), isNull(bidRounds.closedAt)));
}

/** The instance's database, its transactions counted. */
function countingTransactions() {
  const counted = { db: Object.create(t.deps.db) as typeof t.deps.db, transactions: 0 };
  counted.db.transaction = (work, config) => {
    counted.transactions += 1;
    return t.deps.db.transaction(work, config);
  };
  return counted;
}

describe('[BIDDING] new arrivals over /bidding', () => {
  it('answers only approved customers, with KYC_REQUIRED otherwise, and records nothing', async () => {
    const { b } = await bidder('pending');
    await expect(b.refresh()).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
    expect(await b.bid(fresh[0]!.id, -25)).toMatchObject({ code: 'KYC_REQUIRED' });
    expect(await loggedNow()).toBe(0);
  });

  it('lists the open new arrivals with the round end, and moves my stone to activeStone when I bid', async () => {
    const { b } = await bidder();
    const view = await b.refresh();
    expect(view.endTime).toBe(todayAt13());
    expect(lots(view.bidStone)).toEqual(['NA1', 'NA2']);
    expect(view.bidStone[0]).toMatchObject({ current_max_bid: null, my_current_bid: null, bid_count: 0 });
    expect(view.activeStone).toEqual([]);

    expect(await b.bid(fresh[0]!.id, -29.75)).toEqual({
      status: 'success',
      product_id: fresh[0]!.id,
      bid_value: -29.75,
    });
    await expect.poll(() => b.view()?.activeStone.length).toBe(1);
    expect(b.view()!.activeStone[0]).toMatchObject({
      lot_id: lot('NA1'),
      my_current_bid: -29.75,
      current_max_bid: -29.75,
      bid_count: 1,
      last_bid_date: t.clock.now().toISOString(),
    });
  });

  it('refuses with the pinned codes and records nothing: too low, wrong step, not open, lower than mine', async () => {
    const { b } = await bidder();
    await b.refresh();
    expect(await b.bid(fresh[0]!.id, -30)).toMatchObject({ code: 'BID_TOO_LOW' });
    expect(await b.bid(fresh[0]!.id, -29.9)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await b.bid(fresh[0]!.id, 100)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await b.bid('not-a-uuid', -10)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await b.bid(fresh[2]!.id, -10)).toMatchObject({ code: 'BID_NOT_OPEN' });
    expect(await b.bid(fresh[3]!.id, -10)).toMatchObject({ code: 'BID_NOT_OPEN' });
    expect(await loggedNow()).toBe(0);
    expect(await b.bid(fresh[0]!.id, -28)).toMatchObject({ status: 'success' });
    expect(await b.bid(fresh[0]!.id, -28)).toMatchObject({ code: 'BID_TOO_LOW' });
    expect(await b.bid(fresh[0]!.id, -29)).toMatchObject({ code: 'BID_TOO_LOW' });
    expect(await loggedNow()).toBe(1);
  });

  it('pushes every bidder a fresh view of their own; another bidder sees the max, not whose it is', async () => {
    const a = await bidder();
    const c = await bidder();
    await a.b.refresh();
    await c.b.refresh();
    await a.b.bid(fresh[1]!.id, -19);
    await expect
      .poll(() => c.b.view()?.bidStone.find((s) => s.lot_id === lot('NA2'))?.current_max_bid)
      .toBe(-19);
    const seen = c.b.view()!;
    expect(seen.activeStone).toEqual([]);
    expect(seen.bidStone.find((s) => s.lot_id === lot('NA2'))).toMatchObject({
      my_current_bid: null,
      bid_count: 1,
    });
  });

  it('brings every watcher’s view to the last bid of a stream of bids, the views going out a group at a time', async () => {
    // More watchers than the groups that take their views in turns (decision 056), each bidding.
    const watchers = await Promise.all(Array.from({ length: 12 }, () => bidder()));
    for (const w of watchers) await w.b.refresh();
    const values = watchers.map((_, i) => -19.75 + i * 0.25);
    for (const [i, w] of watchers.entries()) {
      expect(await w.b.bid(fresh[1]!.id, values[i]!)).toMatchObject({ status: 'success' });
    }
    const last = values.at(-1)!;
    for (const [i, w] of watchers.entries()) {
      await expect
        .poll(() => w.b.view()?.activeStone.find((s) => s.lot_id === lot('NA2')), HEARD)
        .toMatchObject({ current_max_bid: last, bid_count: watchers.length, my_current_bid: values[i] });
    }
  });

  it('tells every watching bidder a stone’s news at once, the same for all; not a customer who is not approved', async () => {
    const a = await bidder();
    const c = await bidder();
    const notApproved = await bidder('pending');
    await a.b.refresh();
    await c.b.refresh();
    await expect(notApproved.b.refresh()).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
    const news = [
      { product_id: fresh[1]!.id, current_max_bid: -19, bid_count: 1, endTime: todayAt13() },
      { product_id: fresh[1]!.id, current_max_bid: -18.5, bid_count: 2, endTime: todayAt13() },
    ];
    await a.b.bid(fresh[1]!.id, -19);
    await expect.poll(() => a.b.changes, HEARD).toEqual(news.slice(0, 1));
    await expect.poll(() => c.b.changes, HEARD).toEqual(news.slice(0, 1));
    await c.b.bid(fresh[1]!.id, -18.5);
    await expect.poll(() => a.b.changes, HEARD).toEqual(news);
    await expect.poll(() => c.b.changes, HEARD).toEqual(news);
    // Its refusal is answered after the news went out, on the same connection: none came before it.
    await expect(notApproved.b.refresh()).rejects.toMatchObject({ code: 'KYC_REQUIRED' });
    expect(notApproved.b.changes).toEqual([]);
  });

  it('tells the watchers of a cancel: the news of each stone whose bid it withdrew', async () => {
    const a = await bidder();
    const c = await bidder();
    await c.b.refresh();
    await a.b.bid(fresh[0]!.id, -29);
    await c.b.bid(fresh[0]!.id, -28);
    await a.b.bid(fresh[1]!.id, -19);
    const endTime = todayAt13();
    await expect
      .poll(() => latestNews(c.b), HEARD)
      .toEqual({
        [fresh[0]!.id]: { current_max_bid: -28, bid_count: 2, endTime },
        [fresh[1]!.id]: { current_max_bid: -19, bid_count: 1, endTime },
      });
    // The old stone has no bid of theirs: nothing changes on it, and no news.
    a.b.cancel([fresh[0]!.id, fresh[1]!.id, fresh[2]!.id]);
    await expect
      .poll(() => latestNews(c.b), HEARD)
      .toEqual({
        [fresh[0]!.id]: { current_max_bid: -28, bid_count: 1, endTime },
        [fresh[1]!.id]: { current_max_bid: null, bid_count: 0, endTime },
      });
  });

  it('writes each pushed view from the shared pieces exactly as the view itself serialises', async () => {
    const a = await bidder();
    const c = await bidder();
    const idle = await bidder();
    const polling = await connectBidder(baseUrl, idle.token, 'polling');
    open.push(polling);
    await c.b.refresh();
    await polling.refresh();
    expect(await a.b.bid(fresh[0]!.id, -29)).toMatchObject({ status: 'success' });
    expect(await c.b.bid(fresh[1]!.id, -19)).toMatchObject({ status: 'success' });
    expect(await a.b.bid(fresh[1]!.id, -18.5)).toMatchObject({ status: 'success' });
    const round = (await findOpenRound(t.deps.db, 'new_arrivals'))!;
    const board = await readBoard(t.deps.db, round, t.clock.now());
    const customers = [a.id, c.id, idle.id];
    const mine = await readMyBids(t.deps.db, round.id, customers);
    const encoded = encodeBoard(board);
    for (const id of customers) {
      expect(Buffer.concat(encodedViewOf(encoded, mine.get(id)!)).toString()).toBe(
        JSON.stringify(viewOfBoard(board, id, mine.get(id)!)),
      );
    }
    // And what a socket receives is that view, on WebSocket and on long-polling.
    await expect.poll(() => c.b.view()?.activeStone[0]?.current_max_bid).toBe(-18.5);
    expect(c.b.view()).toEqual(viewOfBoard(board, c.id, mine.get(c.id)!));
    await expect.poll(() => polling.view()?.bidStone[1]?.current_max_bid).toBe(-18.5);
    expect(polling.view()).toEqual(viewOfBoard(board, idle.id, mine.get(idle.id)!));
  });

  it('reads a board stone again when it changed, keeping the ones that did not (decision 063)', async () => {
    const a = await bidder();
    expect(await a.b.bid(fresh[0]!.id, -29)).toMatchObject({ status: 'success' });
    const round = (await findOpenRound(t.deps.db, 'new_arrivals'))!;
    const known: BoardStones = new Map();
    const read = () => readBoard(t.deps.db, round, t.clock.now(), known);
    const byLot = (board: RoundBoard) => new Map(board.stones.map((s) => [s.lotId.replace(/^T\d+/, ''), s]));
    const first = byLot(await read());
    expect([...first.keys()]).toEqual(['NA1', 'NA2']);

    // A repricing of NA1 reaches the next board; NA2, unchanged, is the row read before.
    await reviseStones(t.deps.db, [fresh[0]!.id], { discount: -27.5 });
    const second = byLot(await read());
    expect(second.get('NA1')!.discount).toBe(-27.5);
    expect(second.get('NA2')).toBe(first.get('NA2'));
    // What bidders are sent is the board as it is now, and the same bytes as the view itself.
    const board = await read();
    const mine = await readMyBids(t.deps.db, round.id, [a.id]);
    const view = viewOfBoard(board, a.id, mine.get(a.id)!);
    expect(view.activeStone.map((s) => [s.discount, s.current_max_bid])).toEqual([[-27.5, -29]]);
    expect(Buffer.concat(encodedViewOf(encodeBoard(board), mine.get(a.id)!)).toString()).toBe(
      JSON.stringify(view),
    );

    // A stone sold meanwhile leaves the board, though it was held.
    await t.deps.db.transaction((tx) => markSold(tx, [fresh[1]!.id], t.clock.now()));
    expect([...byLot(await read()).keys()]).toEqual(['NA1']);
    expect(known.size).toBe(1);
  });

  it('records nothing for a refused bid: no bid, no outbid notice for the leader, no raise of the max', async () => {
    const a = await bidder();
    const c = await bidder();
    await c.b.refresh();
    expect(await a.b.bid(fresh[0]!.id, -29)).toMatchObject({ status: 'success' });
    // A first bid at the asking discount, and my raise to my own bid, are too low.
    expect(await c.b.bid(fresh[0]!.id, -30)).toMatchObject({
      code: 'BID_TOO_LOW',
      message: 'Your bid must be above -30.00%.',
    });
    expect(await a.b.bid(fresh[0]!.id, -29)).toMatchObject({
      code: 'BID_TOO_LOW',
      message: 'Your bid must be above your current bid of -29.00%.',
    });
    expect(await loggedNow()).toBe(1);
    const view = await c.b.refresh();
    expect(view.activeStone).toEqual([]);
    expect(view.bidStone.find((s) => s.id === fresh[0]!.id)).toMatchObject({
      current_max_bid: -29,
      bid_count: 1,
    });
    const notices = (await callRoute(t.app, listNotices, { token: a.token, query: {} })).body.notices;
    expect(notices.filter((n) => n.target_page === 'new-arrival:activeBid')).toEqual([]);
  });

  it('keeps a stone open while bids stand on it after it stops being a new arrival, and only then', async () => {
    const [ageing, unbid] = await createStones(t.deps.db, [
      { lot_id: lot('AGE1'), certified_at: new Date(ago(24).getTime() + 60_000), discount: -30 },
      { lot_id: lot('AGE2'), certified_at: new Date(ago(24).getTime() + 60_000), discount: -30 },
    ]);
    const a = await bidder();
    const c = await bidder();
    expect(await a.b.bid(ageing!.id, -29)).toMatchObject({ status: 'success' });
    t.clock.advance(2 * 60_000);
    expect(await c.b.bid(ageing!.id, -28)).toMatchObject({ status: 'success' });
    expect(await c.b.bid(unbid!.id, -28)).toMatchObject({ code: 'BID_NOT_OPEN' });
    expect(await loggedNow()).toBe(2);
  });

  it('tells each leader overtaken by bids racing on one stone exactly once', async () => {
    const racers = await Promise.all(Array.from({ length: 8 }, () => bidder()));
    const watcher = racers[0]!.b;
    await watcher.refresh();
    // Distinct values in a shuffled order, all at once: whoever led when a higher bid was stored
    // is told, by the bid that overtook them.
    const values = [-27, -29.5, -25, -28.75, -26, -29, -24.5, -27.75];
    const answers = await Promise.all(racers.map((r, i) => r.b.bid(fresh[1]!.id, values[i]! + 10)));
    expect(answers.every((a) => 'status' in a)).toBe(true);
    const log = (await t.deps.db.select().from(bidLog).where(eq(bidLog.stoneId, fresh[1]!.id))).sort(
      (x, y) => x.seq - y.seq,
    );
    expect(log).toHaveLength(racers.length);
    const overtaken = new Set<string>();
    let leader: { customerId: string; value: number } | undefined;
    for (const entry of log) {
      if (leader && entry.value! > leader.value) overtaken.add(leader.customerId);
      if (!leader || entry.value! > leader.value)
        leader = { customerId: entry.customerId, value: entry.value! };
    }
    for (const r of racers) {
      const told = (await callRoute(t.app, listNotices, { token: r.token, query: {} })).body.notices.filter(
        (n) => n.target_page === 'new-arrival:activeBid',
      );
      expect(told).toHaveLength(overtaken.has(r.id) ? 1 : 0);
    }
    // The stone's last news is its state: every bid counted once, a raise adds none.
    const last = () => watcher.changes.filter((c) => c.product_id === fresh[1]!.id).at(-1);
    await expect.poll(last).toMatchObject({ current_max_bid: -14.5, bid_count: 8 });
    expect(await racers[1]!.b.bid(fresh[1]!.id, -14)).toMatchObject({ status: 'success' });
    await expect.poll(last).toMatchObject({ current_max_bid: -14, bid_count: 8 });
  });

  it('tells the outbid leader once per stone per 5 minutes', async () => {
    const a = await bidder();
    const c = await bidder();
    const outbidNotices = async (token: string) =>
      (await callRoute(t.app, listNotices, { token, query: {} })).body.notices.filter(
        (n) => n.target_page === 'new-arrival:activeBid',
      );
    const outbidBy = (mine: string) =>
      `Another buyer bid more than your ${mine}% on ${lot('NA1')}. Raise your bid before the round closes.`;
    await a.b.bid(fresh[0]!.id, -29);
    await c.b.bid(fresh[0]!.id, -28);
    expect(await outbidNotices(a.token)).toMatchObject([
      { title: 'You have been outbid', message: outbidBy('-29.00') },
    ]);
    expect(await outbidNotices(c.token)).toHaveLength(0);
    await a.b.bid(fresh[0]!.id, -27);
    await c.b.bid(fresh[0]!.id, -26);
    expect(await outbidNotices(a.token)).toHaveLength(1);
    expect(await outbidNotices(c.token)).toHaveLength(1);
    t.clock.advance(5 * 60_000);
    // A refused bid tells no one, and leaves the leader's notice due.
    expect(await a.b.bid(fresh[0]!.id, -27)).toMatchObject({ code: 'BID_TOO_LOW' });
    expect(await outbidNotices(c.token)).toHaveLength(1);
    await a.b.bid(fresh[0]!.id, -25);
    expect(await outbidNotices(c.token)).toHaveLength(2);
    await c.b.bid(fresh[0]!.id, -24.5);
    expect(await outbidNotices(a.token)).toMatchObject([
      { message: outbidBy('-25.00') },
      { message: outbidBy('-29.00') },
    ]);
  });

  it('moves the end to 2 minutes after a bid in the last 2 minutes, for everyone', async () => {
    const a = await bidder();
    const c = await bidder();
    const end = new Date((await a.b.refresh()).endTime).getTime();
    await c.b.refresh();
    t.clock.advance(end - t.clock.now().getTime() - 60_000);
    // A refused bid moves nothing.
    expect(await a.b.bid(fresh[0]!.id, -30)).toMatchObject({ code: 'BID_TOO_LOW' });
    expect((await a.b.refresh()).endTime).toBe(new Date(end).toISOString());
    await a.b.bid(fresh[0]!.id, -29);
    const moved = new Date(t.clock.now().getTime() + 120_000).toISOString();
    await expect
      .poll(() => c.b.changes.at(-1), HEARD)
      .toEqual({
        product_id: fresh[0]!.id,
        current_max_bid: -29,
        bid_count: 1,
        endTime: moved,
      });
    await expect.poll(() => c.b.view()?.endTime).toBe(moved);
    // The close job finds the end moved and waits for it.
    t.clock.advance(60_000);
    await t.runDueJobs();
    expect((await a.b.refresh()).endTime).toBe(moved);
    t.clock.advance(60_000);
    await t.runDueJobs();
    expect((await a.b.refresh()).endTime).not.toBe(moved);
  });

  it('cancels my bids; the stone goes back to bidStone and a new first bid must beat the asking discount', async () => {
    const { b } = await bidder();
    await b.refresh();
    await b.bid(fresh[0]!.id, -20);
    // The pushed view with my bid first: otherwise the earlier view (no bid yet) would pass the
    // check below before the cancel is even read, and the next bid would race the cancel.
    await expect.poll(() => b.view()?.activeStone.length).toBe(1);
    b.cancel([fresh[0]!.id]);
    await expect.poll(() => b.view()?.activeStone.length).toBe(0);
    expect(b.view()!.bidStone.find((s) => s.lot_id === lot('NA1'))).toMatchObject({
      current_max_bid: null,
      bid_count: 0,
    });
    expect(await b.bid(fresh[0]!.id, -29.75)).toMatchObject({ status: 'success' });
  });

  it('awards each stone to its highest bid at the end (the earlier of equal bids): orders, notices, history', async () => {
    const a = await bidder();
    const c = await bidder();
    const d = await bidder();
    await a.b.bid(fresh[0]!.id, -25);
    await c.b.bid(fresh[0]!.id, -24.5);
    await a.b.bid(fresh[1]!.id, -15);
    t.clock.advance(1000);
    await d.b.bid(fresh[1]!.id, -15);
    const end = new Date((await a.b.refresh()).endTime).getTime();
    t.clock.advance(end - t.clock.now().getTime());
    await t.runDueJobs();

    const ordersOf = async (token: string) =>
      (await callRoute(t.app, listOrders, { token, query: { invoice_status: 'pending', expand: 'items' } }))
        .body.orders;
    const cOrders = await ordersOf(c.token);
    expect(cOrders).toHaveLength(1);
    // rap 10,000 × (1 − 24.5%) = 7,550 per carat, 1.5 carats.
    expect(cOrders[0]!.items![0]).toMatchObject({
      lot_id: lot('NA1'),
      discount: -24.5,
      price_per_carat: 7550,
      amount: 11_325,
    });
    expect(cOrders[0]!.request_page).toBe('new-arrivals');
    const aOrders = await ordersOf(a.token);
    expect(aOrders.flatMap((o) => o.items!.map((i) => i.lot_id))).toEqual([lot('NA2')]);
    expect(await ordersOf(d.token)).toEqual([]);

    const [na1] = await t.deps.db.select().from(stones).where(eq(stones.id, fresh[0]!.id));
    expect(na1!.status).not.toBe(1);
    const targets = async (token: string) =>
      (await callRoute(t.app, listNotices, { token, query: {} })).body.notices.map((n) => n.target_page);
    expect(await targets(c.token)).toContain('your-orders:pendingInvoices');
    expect(await targets(a.token)).toEqual(
      expect.arrayContaining(['your-orders:pendingInvoices', 'new-arrival:bidHistory']),
    );
    expect(await targets(d.token)).toContain('new-arrival:bidHistory');

    const history = (await callRoute(t.app, newArrivalBidHistory, { token: a.token })).body;
    expect(history.count).toBe(2);
    expect(history.bids.map((h) => [h.lot_id, h.my_current_bid, h.current_max_bid, h.is_win])).toEqual([
      [lot('NA2'), -15, -15, true],
      [lot('NA1'), -25, -24.5, false],
    ]);
    // Awarded once: running the jobs again changes nothing, and the next round is open.
    await t.runDueJobs();
    expect(await ordersOf(c.token)).toHaveLength(1);
    const next = await a.b.refresh();
    expect(new Date(next.endTime).getTime() - end).toBe(24 * HOUR);
    expect(lots(next.bidStone)).not.toContain('NA1');
  });

  it('opens a missing round once for a crowd asking at the same moment, and all of them get it', async () => {
    await closeNewArrivalRounds();
    const counted = countingTransactions();
    const { db } = counted;
    const deps = { db, clock: t.clock, closeAt: '13:00' };
    const rounds = await Promise.all(Array.from({ length: 20 }, () => currentNewArrivalRound(deps)));
    expect(counted.transactions).toBe(1);
    expect(new Set(rounds.map((r) => r.id)).size).toBe(1);
    expect(rounds[0]!.endsAt.toISOString()).toBe(todayAt13());
    const open = await t.deps.db.select().from(bidRounds).where(isNull(bidRounds.closedAt));
    expect(open.map((r) => r.id)).toEqual([rounds[0]!.id]);
    // Asked again once it is open: read, nothing opened.
    await currentNewArrivalRound(deps);
    expect(counted.transactions).toBe(1);
  });

  it('opens a missing round once when a look that began before the opening is answered after it', async () => {
    await closeNewArrivalRounds();
    const counted = countingTransactions();
    const { db } = counted;
    // The second caller's look for the open round runs at once (no round yet) but is answered only
    // once the first caller's opening is over, as a pooled connection's answer can come late.
    let firstOpening: Promise<unknown> = Promise.resolve();
    let selects = 0;
    db.select = ((...args: Parameters<typeof db.select>) => {
      const query = t.deps.db.select(...args);
      if (++selects !== 2) return query;
      return {
        from: (table: typeof bidRounds) => ({
          where: (condition: SQL | undefined) =>
            Promise.resolve(query.from(table).where(condition)).then(async (rows) => {
              await firstOpening;
              return rows;
            }),
        }),
      };
    }) as unknown as typeof db.select;
    const deps = { db, clock: t.clock, closeAt: '13:00' };
    const first = currentNewArrivalRound(deps);
    firstOpening = first;
    const second = currentNewArrivalRound(deps);
    const rounds = await Promise.all([first, second]);
    expect(counted.transactions).toBe(1);
    expect(rounds[1]!.id).toBe(rounds[0]!.id);
    const open = await t.deps.db.select().from(bidRounds).where(isNull(bidRounds.closedAt));
    expect(open.map((r) => r.id)).toEqual([rounds[0]!.id]);
  });

  it('closes the round on the operator command, awarding as at the end', async () => {
    const a = await bidder();
    await a.b.bid(fresh[0]!.id, -20);
    const said = await admin(t, 'bids', 'close-round');
    expect(said).toMatch(/^The round is closed: 1 stone awarded\. The next round closes at /);
    const history = (await callRoute(t.app, newArrivalBidHistory, { token: a.token })).body;
    expect(history.bids).toMatchObject([{ lot_id: lot('NA1'), is_win: true }]);
    // The next round's close is queued for its end.
    const nextEnd = said.match(/closes at (\S+)\.$/)?.[1];
    const [round] = await t.deps.db.select().from(bidRounds).where(isNull(bidRounds.closedAt));
    expect(round!.endsAt.toISOString()).toBe(nextEnd);
    const queued = await t.deps.db.select().from(jobs).where(eq(jobs.name, 'bidding.close-round'));
    expect(
      queued.filter((j) => j.state === 'pending' && (j.payload as { roundId: string }).roundId === round!.id),
    ).toMatchObject([{ runAt: round!.endsAt }]);
  });
});
