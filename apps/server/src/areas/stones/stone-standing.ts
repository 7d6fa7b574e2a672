import type { CartTab, Reservation } from '@loupe/contract/cart';
import type { UnavailableReason } from '@loupe/contract/confirmation';
import { statusAt } from './stone-columns.ts';

/** The columns of a stone that decide who may buy it. */
export interface StoneHolding {
  status: number;
  reservedFor: string | null;
  reservedUntil: Date | null;
}

/** Where a stone stands for one customer: its cart tab, its reservation, and whether they may confirm it. */
export interface StoneStanding {
  tab: CartTab;
  reservation: Reservation | null;
  /** null when the customer may confirm it now. */
  unavailable: Exclude<UnavailableReason, 'price_changed' | 'not_found'> | null;
}

/**
 * The one rule of who may buy a stone, shared by the cart, the confirmation check and the
 * confirmation itself:
 * - Available and BidToBuy stones: anyone;
 * - a stone on hold or memo: only the customer it is reserved for. A hold whose date has passed
 *   is treated as lapsed (the hold sweep returns it to Available soon after); a memo's due date
 *   does not release it, since the stone is with the customer;
 * - a sold stone: no one.
 */
export function standingOf(stone: StoneHolding, customerId: string, now: Date): StoneStanding {
  const status = statusAt(stone.status);
  if (status === 'Available' || status === 'BidToBuy')
    return { tab: 'active', reservation: null, unavailable: null };
  if (status === 'Sold') return { tab: 'sold', reservation: null, unavailable: 'sold' };
  const kind = status === 'Hold' ? 'hold' : 'memo';
  const until = stone.reservedUntil;
  if (kind === 'hold' && until !== null && until <= now) {
    return { tab: 'active', reservation: null, unavailable: null };
  }
  const forYou = stone.reservedFor === customerId;
  return {
    tab: kind,
    reservation: { kind, for_you: forYou, until: until?.toISOString() ?? null },
    unavailable: forYou ? null : kind,
  };
}
