import { BID_LIMITS, bidPrice } from '@loupe/contract/bidding';
import type { Stone } from '@loupe/contract/stones';
import { formatDiscount } from '../../domain/stones/formats';
import { twoDigits } from '../../lib/format';
import type { BidFields } from './components/bid-columns';

/** The tabs of both bidding screens (`?path=`, domain-facts §2.2). */
export const BID_TAB_KEYS = ['bidStone', 'activeBid', 'bidHistory'] as const;
export type BidTabKey = (typeof BID_TAB_KEYS)[number];

export const BID_TAB_LABELS: Record<BidTabKey, string> = {
  bidStone: 'Bid Stone',
  activeBid: 'Active Bid',
  bidHistory: 'Bid History',
};

export function parseBidTab(value: string | null): BidTabKey {
  return (BID_TAB_KEYS as readonly string[]).includes(value ?? '') ? (value as BidTabKey) : 'bidStone';
}

/** A value on the 0.25 grid, within the limits. */
export function snapBid(value: number): number {
  const snapped = Math.round(value / BID_LIMITS.step) * BID_LIMITS.step;
  return Math.min(BID_LIMITS.max, Math.max(BID_LIMITS.min, snapped));
}

/** The first bid the panel offers: one step above the floor. */
export function firstBid(floor: number): number {
  return snapBid(Math.floor(floor / BID_LIMITS.step) * BID_LIMITS.step + BID_LIMITS.step);
}

export const stepUp = (value: number) => snapBid(value + BID_LIMITS.step);
export const stepDown = (value: number) => snapBid(value - BID_LIMITS.step);

/** Whether a typed value is a bid at all: a number on the 0.25 grid within the limits. */
export function isValidBid(value: number): boolean {
  return (
    Number.isFinite(value) &&
    value >= BID_LIMITS.min &&
    value <= BID_LIMITS.max &&
    Number.isInteger(value / BID_LIMITS.step)
  );
}

/** Add / Update Bid stays disabled until the bid beats the floor (domain-facts §4). */
export function beatsFloor(value: number, floor: number): boolean {
  return isValidBid(value) && value > floor;
}

/**
 * A typed bid as a number: plain decimals only ("-10.25", "−10.25", "10", ".5"); null for anything
 * else, an empty field, "1e2" or "0x10" included, which Number() would have taken.
 */
export function parseBid(text: string): number | null {
  const plain = text.trim().replace(/^\u2212/, '-');
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : null;
}

/**
 * Why a typed bid cannot be placed, in words, or null when it can (or the field is empty: the
 * button says enough then). The floor first, then the limits and the 0.25 grid.
 */
export function bidProblem(text: string, floor: number): string | null {
  if (text.trim() === '') return null;
  const value = parseBid(text);
  if (value === null) return `Enter your bid as a plain number, such as ${firstBid(floor).toFixed(2)}.`;
  if (value <= floor) return `Your bid must be above ${formatDiscount(floor)}.`;
  if (value < BID_LIMITS.min || value > BID_LIMITS.max)
    return `Your bid must be between ${formatDiscount(BID_LIMITS.min)} and ${formatDiscount(BID_LIMITS.max)}.`;
  if (!isValidBid(value)) {
    const below = Math.floor(value / BID_LIMITS.step) * BID_LIMITS.step;
    const nearest = [below, below + BID_LIMITS.step].filter((bid) => bid > floor).map(formatDiscount);
    return `Bids go in steps of ${BID_LIMITS.step}: try ${nearest.join(' or ')}.`;
  }
  return null;
}

/** The read-only fields of the bid panel: Bid Pr/Ct and Bid Amt $; null without a bid or a list price. */
export function bidFigures(rap: number | null, carats: number, bid: number | null) {
  if (rap === null || bid === null || !Number.isFinite(bid)) return null;
  return bidPrice(rap, carats, bid);
}

/**
 * What a stone adds to Active Bid's totals ("Total Avg. Max Dis", domain-facts §2.2): its amount at
 * my bid, so the average discount is my bids' average, not the asking discount's (a stone without
 * my bid, should one show there, at its own amount).
 */
export function atMyBid(stone: Stone) {
  const figures = bidFigures(stone.rap, stone.carats, (stone as Stone & BidFields).my_current_bid ?? null);
  return { amount: figures?.amount ?? stone.amount, rap_value: stone.rap_value };
}

/** HH:MM:SS until the end (00:00:00 once it has passed); hours may run past 24. */
export function countdownText(endTime: string, now: number): string {
  const left = Math.max(0, Math.floor((new Date(endTime).getTime() - now) / 1000));
  return `${twoDigits(Math.floor(left / 3600))}:${twoDigits(Math.floor((left % 3600) / 60))}:${twoDigits(left % 60)}`;
}

export const BID_POLICY =
  'A placed bid can only be raised: cancelling or lowering it is restricted. The highest bid at the close wins the stone.';
