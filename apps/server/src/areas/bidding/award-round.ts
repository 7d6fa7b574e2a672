import { bidPrice } from '@loupe/contract/bidding';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { rows, type Tx } from '../../platform/db/client.ts';
import { bids } from '../../platform/db/schema/index.ts';
import { removeStonesFromCart } from '../cart/index.ts';
import { createNotice, stonesPhrase } from '../notices/index.ts';
import { insertOrder } from '../orders/index.ts';
import { lockStonesById, markSold, round2, type StoneRow, statusAt } from '../stones/index.ts';
import { type BidRound, markRoundClosed } from './rounds.ts';

export interface Award {
  /** Stones sold to their highest bidder. */
  awarded: number;
  /** Stones that had bids but were no longer to be had (sold, held or withdrawn meanwhile). */
  unsold: number;
}

type Leader = {
  id: string;
  stone_id: string;
  customer_id: string;
  value: number;
};

const PAGES = {
  new_arrivals: { history: 'new-arrival:bidHistory', requestPage: 'new-arrivals', what: 'new arrival' },
  bid_to_buy: { history: 'bid-to-buy:bidHistory', requestPage: 'bid-to-buy', what: 'bid-to-buy' },
} as const;

/** The stone as sold at the bid: discount, price per carat and amount from the bid. */
function atBid(stone: StoneRow, bid: number): StoneRow {
  const { pricePerCarat, amount } = bidPrice(stone.rapPerCarat, stone.carats, bid);
  return { ...stone, discount: round2(bid), pricePerCarat, amount };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

/**
 * Closes a locked, open round: each stone with bids goes to its highest bid, the earlier of equal
 * bids (pins "Award at close"). The winner gets one order for the stones they won, at their bids'
 * prices, in pending invoices, and a notice; every other bidder a notice of what they lost. A
 * stone no longer to be had (sold or reserved meanwhile, or out of the event) is lost to all. All
 * in the caller's transaction, with the round marked closed: it commits once or not at all.
 */
export async function awardRound(tx: Tx, clock: Clock, round: BidRound): Promise<Award> {
  const now = clock.now();
  const pages = PAGES[round.kind];
  const leaders = await rows<Leader>(
    tx,
    sql`SELECT DISTINCT ON (stone_id) id, stone_id, customer_id, value FROM bids
        WHERE round_id = ${round.id} AND canceled_at IS NULL
        ORDER BY stone_id, value DESC, seq ASC`,
  );
  const locked = await lockStonesById(
    tx,
    leaders.map((l) => l.stone_id),
  );
  const sellable = round.kind === 'new_arrivals' ? 'Available' : 'BidToBuy';
  const won = leaders.filter((l) => {
    const stone = locked.get(l.stone_id);
    return stone !== undefined && statusAt(stone.status) === sellable;
  });

  if (won.length > 0)
    await markSold(
      tx,
      won.map((l) => l.stone_id),
      now,
    );
  for (const [customerId, theirs] of groupBy(won, (l) => l.customer_id)) {
    const sold = theirs.map((l) => atBid(locked.get(l.stone_id)!, l.value));
    const order = await insertOrder(tx, {
      customerId,
      stones: sold,
      comment: '',
      requestPage: pages.requestPage,
      at: now,
    });
    await removeStonesFromCart(
      tx,
      customerId,
      sold.map((s) => s.id),
    );
    const lots = sold.map((s) => s.lotId).sort();
    await createNotice(tx, clock, {
      customerId,
      kind: 'bid_result',
      title: lots.length === 1 ? 'You won your bid' : 'You won your bids',
      message: `You won ${stonesPhrase(lots)} at your bid. Order ${String(order.displayId).padStart(6, '0')} is waiting for its invoice.`,
      targetPage: 'your-orders:pendingInvoices',
    });
  }

  const winning = won.map((l) => l.id);
  if (winning.length > 0) await tx.update(bids).set({ result: 'won' }).where(inArray(bids.id, winning));
  const lost = await tx
    .update(bids)
    .set({ result: 'lost' })
    .where(and(eq(bids.roundId, round.id), isNull(bids.canceledAt), isNull(bids.result)))
    .returning({ customerId: bids.customerId, stoneId: bids.stoneId });
  const lotOf = new Map([...locked.values()].map((s) => [s.id, s.lotId]));
  for (const [customerId, theirs] of groupBy(lost, (b) => b.customerId)) {
    const lots = theirs.map((b) => lotOf.get(b.stoneId) ?? '').sort();
    await createNotice(tx, clock, {
      customerId,
      kind: 'bid_result',
      title: lots.length === 1 ? 'Bid lost' : 'Bids lost',
      message: `Your ${pages.what} bid on ${stonesPhrase(lots)} did not win.`,
      targetPage: pages.history,
    });
  }
  await markRoundClosed(tx, round.id, now);
  return { awarded: won.length, unsold: leaders.length - won.length };
}
