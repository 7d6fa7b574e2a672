import { CART_LIMITS, RESERVATION_LIMITS } from '@loupe/contract/cart';
import { GENERATE_MAX_STONES } from '@loupe/contract/stock-import';

/**
 * The words of `npm run admin` read into the bodies of the operator routes. A wrong word is the
 * operator's typing error: it is refused here, with the usage, before anything is sent.
 */

/** A command line the operator got wrong; printed as it is, exit code 1. */
export class UsageError extends Error {
  readonly code = 'VALIDATION_FAILED';
}

const DAY = 86_400_000;

/** Stock numbers separated by spaces or commas, each once (whatever its case). */
export function lotIdsOf(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const lots: string[] = [];
  for (const lot of words.flatMap((w) => w.split(',')).map((w) => w.trim())) {
    if (lot && !seen.has(lot.toLowerCase())) {
      seen.add(lot.toLowerCase());
      lots.push(lot);
    }
  }
  return lots;
}

function atMostACart(lots: readonly string[]) {
  if (lots.length > CART_LIMITS.maxStones) {
    throw new UsageError(`At most ${CART_LIMITS.maxStones} stones at a time.`);
  }
}

/** `<email> <lot_id...> [--days N | --until <ISO date>]` of `stone hold` and `memo issue`. */
export function reservationWords(rest: readonly string[], usage: string, now: Date) {
  const [email, ...others] = rest;
  const positional: string[] = [];
  let days: number | undefined;
  let until: string | undefined;
  let given = 0;
  for (let i = 0; i < others.length; i++) {
    const word = others[i]!;
    if (word === '--days') {
      const value = others[++i] ?? '';
      days = Number(value);
      if (!/^\d+$/.test(value) || days < 1 || days > RESERVATION_LIMITS.maxDays) {
        throw new UsageError(`Give --days as a whole number from 1 to ${RESERVATION_LIMITS.maxDays}.`);
      }
      given++;
    } else if (word === '--until') {
      const value = others[++i] ?? '';
      const date = new Date(value);
      if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(date.getTime())) {
        throw new UsageError('Give --until as an ISO date, e.g. 2026-12-01T18:00:00Z.');
      }
      if (date <= now) throw new UsageError('The --until date must be in the future.');
      if (date.getTime() > now.getTime() + RESERVATION_LIMITS.maxDays * DAY) {
        throw new UsageError(`The --until date must be within ${RESERVATION_LIMITS.maxDays} days.`);
      }
      until = date.toISOString();
      given++;
    } else if (word.startsWith('--')) {
      throw new UsageError(`Unknown option ${word}: ${usage}`);
    } else {
      positional.push(word);
    }
  }
  if (given > 1) throw new UsageError(`Give either --days or --until, once: ${usage}`);
  const lots = lotIdsOf(positional);
  if (!email || email.startsWith('--') || lots.length === 0) {
    throw new UsageError(`Name the customer and at least one stone: ${usage}`);
  }
  atMostACart(lots);
  return { email, lot_ids: lots, ...(days === undefined ? {} : { days }), ...(until ? { until } : {}) };
}

/** `stone release <lot_id...>`. */
export function releaseWords(rest: readonly string[]) {
  const unknown = rest.find((w) => w.startsWith('--'));
  if (unknown) throw new UsageError(`Unknown option ${unknown}: stone release <lot_id...>`);
  const lots = lotIdsOf(rest);
  if (lots.length === 0) throw new UsageError('Name at least one stone: stone release <lot_id...>');
  atMostACart(lots);
  return lots;
}

/** The order id of `order …`, as buyers quote it ("000042", "42", "#42") or its uuid. */
export function orderIdWord(given: string | undefined, usage: string): string {
  const text = given?.trim().replace(/^#/, '') ?? '';
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
  if (!uuid && !/^\d{1,9}$/.test(text)) {
    throw new UsageError(`Name the order by its id, e.g. 000042: ${usage}`);
  }
  return text;
}

/** `stock generate <n> [--seed <s>]`. */
export function generateWords(rest: readonly string[]) {
  const [count, ...options] = rest;
  const n = Number(count);
  if (!count || !/^\d+$/.test(count) || n < 1 || n > GENERATE_MAX_STONES) {
    throw new UsageError(
      `Give the number of stones to generate, 1 to ${GENERATE_MAX_STONES.toLocaleString('en-US')}: stock generate <n> [--seed <s>]`,
    );
  }
  let seed: string | undefined;
  for (let i = 0; i < options.length; i++) {
    if (options[i] === '--seed' && options[i + 1]) seed = options[++i]!;
    else throw new UsageError(`Unknown option ${options[i]}: stock generate <n> [--seed <s>]`);
  }
  return { count: n, ...(seed ? { seed } : {}) };
}

/** `stock import <file.csv> [--skip-invalid]`: the file named, and whether to skip invalid rows. */
export function importWords(rest: readonly string[]) {
  const names = rest.filter((w) => w !== '--skip-invalid');
  const unknown = names.filter((w) => w.startsWith('--'));
  if (names.length !== 1 || unknown.length > 0) {
    throw new UsageError('Name one file: stock import <file.csv> [--skip-invalid]');
  }
  return { fileName: names[0]!, skipInvalid: rest.includes('--skip-invalid') };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TRADE_SHOW_USAGE =
  'trade-show create <name> <city> <ISO start> <ISO end> [flag image] [--booth <booth>] [--location <loc>]';

function isoWord(word: string | undefined, what: string): string {
  const date = new Date(word ?? '');
  if (!word || Number.isNaN(date.getTime())) {
    throw new UsageError(`Give the ${what} as an ISO date, e.g. 2026-06-05T17:00:00Z.\n${TRADE_SHOW_USAGE}`);
  }
  return date.toISOString();
}

/** `<name> <city> <ISO start> <ISO end> [flag image] [--booth <booth>] [--location <loc>]`. */
export function tradeShowWords(rest: readonly string[]) {
  const positional: string[] = [];
  const options: { booth?: string; location?: string } = {};
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '--booth' || word === '--location') {
      const value = rest[++i]?.trim();
      if (!value) throw new UsageError(`${word} needs a value.\n${TRADE_SHOW_USAGE}`);
      options[word === '--booth' ? 'booth' : 'location'] = value;
    } else positional.push(word);
  }
  const [name, city, start, end, flag, ...extra] = positional;
  if (!name?.trim() || !city?.trim() || extra.length > 0) {
    throw new UsageError(`Quote a name or city of several words.\n${TRADE_SHOW_USAGE}`);
  }
  return {
    name: name.trim(),
    city: city.trim(),
    starts_at: isoWord(start, 'start'),
    ends_at: isoWord(end, 'end'),
    ...(flag ? { flag_image: flag } : {}),
    ...options,
  };
}
