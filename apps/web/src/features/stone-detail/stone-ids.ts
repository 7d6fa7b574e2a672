import { LOCATIONS, STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';

export interface StoneIdParam {
  /** As written in the URL; the stock search by lot accepts it as is. */
  raw: string;
  lotId: string;
  location: string | null;
}

// Longest first, so "-USA-BD" is not read as a lot id ending in "-USA" plus "BD".
const LOCATION_CODES = LOCATIONS.map((location) => location.value).sort((a, b) => b.length - a.length);

/** Reads `stoneid=<lot_id>-<location>[,<lot_id>-<location>]`: distinct ids, at most 10. */
export function parseStoneIds(param: string | null): StoneIdParam[] {
  if (!param) return [];
  const seen = new Set<string>();
  const ids: StoneIdParam[] = [];
  for (const part of param.split(',')) {
    const raw = part.trim();
    if (!raw || raw.length > 64 || seen.has(raw.toUpperCase())) continue;
    seen.add(raw.toUpperCase());
    const location = LOCATION_CODES.find(
      (code) => raw.toUpperCase().endsWith(`-${code}`) && raw.length > code.length + 1,
    );
    ids.push({
      raw,
      lotId: location ? raw.slice(0, raw.length - location.length - 1) : raw,
      location: location ?? null,
    });
    if (ids.length === STOCK_LIMITS.compareMax) break;
  }
  return ids;
}
