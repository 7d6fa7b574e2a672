import { LOCATIONS, STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';

export const DETAIL_PAGE_PATH = '/v2/detail-page';

/** The pages a detail page can be opened from, as its `?path=` names them (domain-facts §3). */
export const DETAIL_SOURCES = [
  'search',
  'dash-board',
  'new-arrivals',
  'bid-2-buy',
  'my-cart',
  'matching-pair',
  'your-orders',
] as const;
export type DetailSource = (typeof DETAIL_SOURCES)[number];

export interface StoneRef {
  lot_id: string;
  location: string;
}

/**
 * `/v2/detail-page?path=search&stoneid=LD-100231-BEL`; a pair lists both stones, comma-separated,
 * and is shown side by side.
 */
export function stoneDetailUrl(source: DetailSource, stones: readonly StoneRef[]): string {
  const ids = stones.map((stone) => encodeURIComponent(`${stone.lot_id}-${stone.location}`)).join(',');
  return `${DETAIL_PAGE_PATH}?path=${source}&stoneid=${ids}`;
}

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
