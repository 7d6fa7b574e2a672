import type { ConfirmLine, StoneCheck } from '@loupe/contract/confirmation';
import { LOCATIONS } from '@loupe/contract/stone-vocabulary';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, kams } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { formatUsd } from '../../platform/money.ts';
import { buyerForKam } from '../customers/index.ts';
import type { StoneRow } from '../stones/index.ts';
import { selectStones, standingOf, stoneIdIn } from '../stones/index.ts';

/** The buyer confirming stones: where their KAM sits, and who they are for the KAM's email. */
export interface Confirmer {
  customerId: string;
  /** The KAM's stock location (BEL, DUB, IND, ISR, USA); null without a KAM. */
  kamLocation: string | null;
  /** Null without a KAM: the sales desk hears of the order instead. */
  kamEmail: string | null;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  countryCode: string;
  phone: string;
}

const KYC_MESSAGE = 'Complete your KYC to confirm stones.';

/**
 * Confirming stones needs approved KYC (spec §5): anyone else hears 403 KYC_REQUIRED. One read
 * gives the check its KAM's location and the confirmation the lines of its email to the KAM.
 */
export async function getConfirmer(db: Database, customerId: string): Promise<Confirmer> {
  const [row] = await db
    .select({ ...buyerForKam, kycStatus: customers.kycStatus, kamLocation: kams.location })
    .from(customers)
    .leftJoin(kams, eq(kams.id, customers.kamId))
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  const { kycStatus, ...confirmer } = row;
  if (kycStatus !== 'approved') throw new AppError('KYC_REQUIRED', KYC_MESSAGE);
  return { customerId, ...confirmer };
}

export const cents = (amount: number) => Math.round(amount * 100);

const locationOf = (row: StoneRow): string | null => LOCATIONS[row.location - 1]?.value ?? null;

/**
 * The selection with ids as the database writes them (lower case), so an id sent in capitals finds
 * its stone; the same stone twice is a 400, as the contract says for exact repeats.
 */
export function normalizeLines(lines: ConfirmLine[]): ConfirmLine[] {
  const normalized = lines.map((line) => ({ id: line.id.toLowerCase(), amount: line.amount }));
  if (new Set(normalized.map((line) => line.id)).size !== normalized.length) {
    throw new AppError('VALIDATION_FAILED', 'variants: A stone is selected twice', [
      { path: 'variants', message: 'A stone is selected twice' },
    ]);
  }
  return normalized;
}

/**
 * One stone of a selection as it stands now for this buyer: the stone rule of standingOf first
 * (sold, or on hold or memo for someone else), then the price: an amount that differs from the one
 * the buyer saw, to the cent, is never charged.
 */
export function checkStone(
  line: ConfirmLine,
  row: StoneRow | undefined,
  customerId: string,
  now: Date,
): StoneCheck {
  if (!row) {
    return {
      id: line.id,
      lot_id: null,
      status: 'unavailable',
      reason: 'not_found',
      title: 'Not found',
      message: 'This stone is no longer in our stock.',
      amount_seen: line.amount,
      amount_now: null,
      location: null,
    };
  }
  const base = {
    id: row.id,
    lot_id: row.lotId,
    amount_seen: line.amount,
    amount_now: row.amount,
    location: locationOf(row),
  };
  const { unavailable } = standingOf(row, customerId, now);
  if (unavailable === 'sold') {
    return {
      ...base,
      status: 'unavailable',
      reason: 'sold',
      title: 'Sold',
      message: `${row.lotId} has been sold and is no longer available.`,
      amount_now: null,
    };
  }
  if (unavailable === 'hold') {
    return {
      ...base,
      status: 'unavailable',
      reason: 'hold',
      title: 'On hold',
      message: `${row.lotId} is on hold for another customer.`,
    };
  }
  if (unavailable === 'memo') {
    return {
      ...base,
      status: 'unavailable',
      reason: 'memo',
      title: 'On memo',
      message: `${row.lotId} is on memo with another customer.`,
    };
  }
  if (cents(line.amount) !== cents(row.amount)) {
    return {
      ...base,
      status: 'unavailable',
      reason: 'price_changed',
      title: 'Price changed',
      message: `The price of ${row.lotId} changed from ${formatUsd(line.amount)} to ${formatUsd(row.amount)}.`,
    };
  }
  return {
    ...base,
    status: 'available',
    reason: null,
    title: 'Available',
    message: `${row.lotId} is available at ${formatUsd(row.amount)}.`,
  };
}

/** The trade treats the bonded US warehouse (USA-BD) as the USA for duties. */
const dutiesZone = (location: string) => (location === 'USA-BD' ? 'USA' : location);

/**
 * The duties-and-delivery disclaimer (domain-facts §5 step 4): some stone that can be confirmed
 * ships from a location other than the KAM's. Without a KAM there is no location to compare with.
 */
export function needsDutiesDisclaimer(checks: StoneCheck[], kamLocation: string | null): boolean {
  if (!kamLocation) return false;
  return checks.some(
    (check) =>
      check.status === 'available' &&
      check.location !== null &&
      dutiesZone(check.location) !== dutiesZone(kamLocation),
  );
}

/** The stones of a selection, by id (unknown ids are simply missing). */
export async function findStonesById(db: Database, ids: string[]): Promise<Map<string, StoneRow>> {
  const rows = await selectStones(db, { where: stoneIdIn(ids) });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The lot ids of checks, for a sentence: "LD1, LD2 and one selected stone". */
export function nameStones(checks: StoneCheck[]): string {
  const names = checks.flatMap((check) => (check.lot_id ? [check.lot_id] : []));
  const unnamed = checks.length - names.length;
  if (unnamed > 0) names.push(unnamed === 1 ? 'one selected stone' : `${unnamed} selected stones`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** nameStones to begin a sentence: "One selected stone is…", "LD1 and 2 selected stones are…". */
export function nameStonesFirst(checks: StoneCheck[]): string {
  const named = nameStones(checks);
  return named.charAt(0).toUpperCase() + named.slice(1);
}

/**
 * POST /store/products/confirm-time-check: whether each stone of a selection can still be confirmed
 * at the amount the buyer saw, and so whether the whole selection can. Reads only.
 */
export async function confirmTimeCheck(
  db: Database,
  clock: Clock,
  customerId: string,
  selection: ConfirmLine[],
) {
  const confirmer = await getConfirmer(db, customerId);
  const lines = normalizeLines(selection);
  const rows = await findStonesById(
    db,
    lines.map((line) => line.id),
  );
  const now = clock.now();
  const checks = lines.map((line) => checkStone(line, rows.get(line.id), customerId, now));
  const available = checks.filter((check) => check.status === 'available').length;
  const total = checks.length;
  const overall =
    available === total
      ? ({
          status: 'available',
          title: total === 1 ? 'Stone available' : 'Stones available',
          message:
            total === 1
              ? 'The stone is available at the price shown.'
              : `All ${total} stones are available at the prices shown.`,
        } as const)
      : available === 0
        ? ({
            status: 'unavailable',
            title: total === 1 ? 'Stone unavailable' : 'Stones unavailable',
            message: `${nameStonesFirst(checks)} cannot be confirmed now. Update your selection or refresh the search results.`,
          } as const)
        : ({
            status: 'some-available',
            title: 'Some stones unavailable',
            message: `${available} of ${total} stones can be confirmed. ${nameStonesFirst(
              checks.filter((check) => check.status === 'unavailable'),
            )} cannot. Update your selection or confirm the remaining stones.`,
          } as const);
  return {
    ...overall,
    data: Object.fromEntries(checks.map((check) => [check.id, check])),
    duties_disclaimer: needsDutiesDisclaimer(checks, confirmer.kamLocation),
    kam_location: confirmer.kamLocation,
  };
}
