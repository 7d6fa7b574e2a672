import {
  CONFIRM_LIMITS,
  type ConfirmLine,
  confirmConflictDetails,
  type StoneCheck,
  type UnavailableReason,
} from '@loupe/contract/confirmation';
import type { Stone } from '@loupe/contract/stones';
import { formatMoney } from '../../domain/money';

/**
 * The steps of the confirm flow (domain-facts §5) as plain functions: which stones block it,
 * what is sent, how the server's answers read on screen.
 */

/** A stone the buyer cannot confirm now, and why, in the words the screen shows. */
export interface StoneProblem {
  id: string;
  lotId: string;
  reason: UnavailableReason | null;
  why: string;
}

/**
 * Step 1: stones on hold or memo block the flow unless they are reserved for this buyer (then
 * they are theirs to confirm).
 */
export function stonesOnHoldOrMemo(stones: readonly Stone[]): Stone[] {
  return stones.filter(
    (stone) =>
      (stone.diamond_status === 'Hold' || stone.diamond_status === 'Memo') && !stone.reserved_for_you,
  );
}

/** Prices are withheld only from buyers whose KYC is not approved, who cannot confirm anyway. */
export function hasLockedPrices(stones: readonly Stone[]): boolean {
  return stones.some((stone) => stone.amount == null);
}

/** Each stone with the amount the buyer sees on screen: the server refuses any other price. */
export function confirmLinesOf(stones: readonly Stone[]): ConfirmLine[] {
  return stones.map((stone) => ({ id: stone.id, amount: stone.amount ?? 0 }));
}

/** "Sold, no longer available", "Price changed from $7,000.00 to $7,350.00". */
export function reasonText(
  reason: UnavailableReason | null,
  amounts: { seen?: number | null; now?: number | null } = {},
): string {
  switch (reason) {
    case 'sold':
      return 'Sold, no longer available';
    case 'hold':
      return 'On hold for another buyer';
    case 'memo':
      return 'On memo with another buyer';
    case 'price_changed':
      return amounts.seen != null && amounts.now != null
        ? `Price changed from ${formatMoney(amounts.seen)} to ${formatMoney(amounts.now)}`
        : 'Price changed';
    case 'not_found':
      return 'No longer in stock';
    default:
      return 'No longer available';
  }
}

/** Step 1's list. The grid does not say for whom a stone is held, so neither does this. */
export function holdOrMemoProblems(stones: readonly Stone[]): StoneProblem[] {
  return stones.map((stone) => {
    const hold = stone.diamond_status === 'Hold';
    return {
      id: stone.id,
      lotId: stone.lot_id,
      reason: hold ? 'hold' : 'memo',
      why: hold ? 'On hold' : 'On memo',
    };
  });
}

/** The parts of a stone's check the screen needs; the 409 of a confirmation carries the same. */
export type CheckedStone = Pick<StoneCheck, 'id' | 'status' | 'reason'> &
  Partial<Pick<StoneCheck, 'lot_id' | 'amount_seen' | 'amount_now'>>;

/**
 * Splits the selection by the server's answer, stone by stone. `unnamed` says what a stone the
 * answer does not mention is: the time check names every stone, so one it leaves out is not
 * confirmed blindly ('not_found'); a refused confirmation may name only the stones at fault
 * ('available').
 */
export function splitByCheck(
  stones: readonly Stone[],
  checks: Readonly<Record<string, CheckedStone>>,
  unnamed: 'available' | 'not_found',
): { available: Stone[]; problems: StoneProblem[] } {
  const available: Stone[] = [];
  const problems: StoneProblem[] = [];
  for (const stone of stones) {
    const check = checks[stone.id];
    if (check?.status === 'available' || (!check && unnamed === 'available')) {
      available.push(stone);
      continue;
    }
    const reason = check ? check.reason : 'not_found';
    problems.push({
      id: stone.id,
      lotId: check?.lot_id ?? stone.lot_id,
      reason,
      why: reasonText(reason, { seen: check?.amount_seen ?? stone.amount, now: check?.amount_now }),
    });
  }
  return { available, problems };
}

/**
 * The stones named by a 409 STONE_UNAVAILABLE or PRICE_CHANGED answer (only those at fault),
 * keyed by id; null when the details are not the contract's (the screen then shows the server's
 * message alone).
 */
export function checksFromConflict(details: unknown): Record<string, CheckedStone> | null {
  const parsed = confirmConflictDetails.safeParse(details);
  if (!parsed.success) return null;
  return Object.fromEntries(parsed.data.stones.map((check) => [check.id, check]));
}

/** The comment counter under the text area: "12/1000". */
export function commentCounter(comment: string): string {
  return `${comment.length}/${CONFIRM_LIMITS.commentLength}`;
}

/** The text sent as the comment: trimmed, and never more than the limit. */
export function commentToSend(comment: string): string {
  return comment.trim().slice(0, CONFIRM_LIMITS.commentLength);
}

/** One row of the confirm screen. */
export interface ConfirmRow {
  id: string;
  lotId: string;
  shape: string;
  carats: string;
  colour: string;
  clarity: string;
  location: string;
  amount: string;
}

function colourOf(stone: Stone): string {
  if (stone.color) return stone.color;
  const overtone = stone.fancy_overtone && stone.fancy_overtone !== 'None' ? stone.fancy_overtone : null;
  const fancy = [stone.fancy_intensity, overtone, stone.fancy_color].filter(Boolean).join(' ');
  return fancy || '-';
}

export function confirmRowsOf(stones: readonly Stone[]): ConfirmRow[] {
  return stones.map((stone) => ({
    id: stone.id,
    lotId: stone.lot_id,
    shape: stone.shape_full,
    carats: stone.carats.toFixed(2),
    colour: colourOf(stone),
    clarity: stone.clarity ?? '-',
    location: stone.location,
    amount: formatMoney(stone.amount),
  }));
}

/** The confirm screen's totals: pieces, carats, the amount payable and its price per carat. */
export function confirmTotalsOf(stones: readonly Stone[]): {
  pieces: number;
  carats: string;
  amount: string;
  pricePerCarat: string;
} {
  let carats = 0;
  let cents = 0;
  for (const stone of stones) {
    carats += stone.carats;
    cents += Math.round((stone.amount ?? 0) * 100);
  }
  const amount = cents / 100;
  return {
    pieces: stones.length,
    carats: (Math.round(carats * 100) / 100).toFixed(2),
    amount: formatMoney(amount),
    pricePerCarat: carats > 0 ? formatMoney(Math.round((amount / carats) * 100) / 100) : '-',
  };
}

/**
 * Step 4: the places the stones ship from other than the KAM's location, for the disclaimer.
 * Empty when the KAM's location is unknown or every stone sits there.
 */
export function foreignLocations(
  checks: Readonly<Record<string, Pick<StoneCheck, 'location'>>>,
  kamLocation: string | null,
): string[] {
  if (!kamLocation) return [];
  // The bonded US warehouse (USA-BD) counts as the USA for duties, as on the server.
  const zone = (location: string) => location.toUpperCase().replace(/-BD$/, '');
  const places = new Set<string>();
  for (const check of Object.values(checks)) {
    if (check.location && zone(check.location) !== zone(kamLocation)) places.add(check.location);
  }
  return [...places].sort();
}
