import { LOCATIONS } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { markInCart } from '../cart/index.ts';
import { type StockViewer, type StoneRow, selectStones, toStone, viewOf } from '../stones/index.ts';

const LOCATION_CODES = LOCATIONS.map((l) => l.value);
/** "LD1234-IND", "LD1234-USA-BD": a stock number with its location appended, as links carry it. */
const WITH_LOCATION = new RegExp(
  `^(.+)-(${[...LOCATION_CODES].sort((a, b) => b.length - a.length).join('|')})$`,
  'i',
);

/** A stone at USA-BD (the bonded vault in the USA) is at a USA location. */
function isAt(row: StoneRow, wanted: string) {
  const at = LOCATIONS[row.location - 1]?.value;
  return at === wanted || (wanted === 'USA' && at === 'USA-BD');
}

function locationCode(text: string, path: string): string {
  const code = LOCATION_CODES.find((c) => c.toLowerCase() === text.toLowerCase());
  if (!code) {
    throw new AppError('VALIDATION_FAILED', `${path}: "${text}" is not a stock location.`, [
      { path, message: `one of ${LOCATION_CODES.join(', ')}` },
    ]);
  }
  return code;
}

/**
 * Stones by stock number, for the detail page and shared links (`v3/search`). An entry may hold
 * a matching pair ("LD1-IND,LD2-IND") and each id may carry its location; an id whose stone is
 * elsewhere, or that does not exist, is simply absent. Stones of every status are found, since
 * the detail page also opens from orders and the cart.
 */
export async function findStonesByLot(
  db: Database,
  viewer: StockViewer,
  entries: readonly string[],
  options: { location?: string; usaEvent?: boolean },
): Promise<Stone[]> {
  // The trade-show event of the peer is held in the USA, so its links mean stones there.
  const defaultLocation = options.location
    ? locationCode(options.location, 'location')
    : options.usaEvent
      ? 'USA'
      : undefined;
  const ids = entries.flatMap((entry) =>
    entry
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );
  const wanted = ids.map((id) => {
    const suffixed = id.match(WITH_LOCATION);
    return {
      whole: id.toLowerCase(),
      stripped: suffixed
        ? { lot: suffixed[1]!.toLowerCase(), location: locationCode(suffixed[2]!, 'stones') }
        : null,
    };
  });
  const candidates = [
    ...new Set(wanted.flatMap((w) => (w.stripped ? [w.whole, w.stripped.lot] : [w.whole]))),
  ];
  if (candidates.length === 0) return [];
  const rows = await selectStones(db, { where: inArray(sql`lower(${stones.lotId})`, candidates) });
  const byLot = new Map(rows.map((row) => [row.lotId.toLowerCase(), row]));

  const found: StoneRow[] = [];
  for (const w of wanted) {
    // A stock number that itself ends like a location ("AB-IND") is taken as written first.
    const whole = byLot.get(w.whole);
    let row: StoneRow | undefined;
    if (whole && (!defaultLocation || isAt(whole, defaultLocation))) {
      row = whole;
    } else if (w.stripped) {
      const stripped = byLot.get(w.stripped.lot);
      if (stripped && isAt(stripped, w.stripped.location)) row = stripped;
    }
    if (row && !found.includes(row)) found.push(row);
  }
  return markInCart(
    db,
    viewer.customerId,
    found.map((row) => toStone(row, viewOf(viewer))),
  );
}
