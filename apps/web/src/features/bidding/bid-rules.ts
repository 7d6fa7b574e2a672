import { BID_LIMITS, bidPrice } from '@loupe/contract/bidding';

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

/** The read-only fields of the bid panel: Bid Pr/Ct and Bid Amt $. */
export function bidFigures(rap: number | null, carats: number, bid: number) {
  if (rap === null || !Number.isFinite(bid)) return null;
  return bidPrice(rap, carats, bid);
}

/** HH:MM:SS until the end (00:00:00 once it has passed); hours may run past 24. */
export function countdownText(endTime: string, now: number): string {
  const left = Math.max(0, Math.floor((new Date(endTime).getTime() - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

export const BID_POLICY =
  'A placed bid can only be raised: cancelling or lowering it is restricted. The highest bid at the close wins the stone.';
