import type { Stone } from '@loupe/contract/stones';
import { and, eq, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { markInCart } from '../cart/index.ts';
import { type StockViewer, selectStones, statusRank, toStone, viewOf } from '../stones/index.ts';

export interface SimilarQuery {
  product_id: string;
  matching_pair_product_id?: string;
  all_asset_required?: 'true' | 'false';
  gemTrac?: 'true' | 'false';
  limit: number;
}

/** Carats looked at around the stone's: ±15 %, read through the search index's carats range. */
const CARAT_BAND = 0.15;

/**
 * `GET /store/similar-product`: the Available stones of the same shape nearest to a stone,
 * without it (and the other stone of its pair). Nearness: carats relative to the stone's, then
 * colour and clarity steps, then cut, polish, symmetry and fluorescence steps; a missing grade
 * counts as three steps away.
 */
export async function findSimilarStones(
  db: Database,
  viewer: StockViewer,
  query: SimilarQuery,
): Promise<Stone[]> {
  const [stone] = await db
    .select({
      shape: stones.shape,
      carats: stones.carats,
      color: stones.color,
      fancyColor: stones.fancyColor,
      clarity: stones.clarity,
      cut: stones.cut,
      polish: stones.polish,
      symmetry: stones.symmetry,
      fluorescence: stones.fluorescence,
    })
    .from(stones)
    .where(eq(stones.id, query.product_id));
  if (!stone) throw new AppError('NOT_FOUND', 'This stone is no longer in our stock.');

  const excluded = [
    query.product_id,
    ...(query.matching_pair_product_id ? [query.matching_pair_product_id] : []),
  ];
  const step = (column: AnyPgColumn, value: number | null) =>
    value === null ? sql`3` : sql`coalesce(abs(${column} - ${value}), 3)`;
  const nearness = sql`abs(${stones.carats} - ${stone.carats}) / ${stone.carats} * 20
    + ${step(stones.color, stone.color)} * 2 + ${step(stones.clarity, stone.clarity)} * 2
    + ${step(stones.cut, stone.cut)} * 0.5 + ${step(stones.polish, stone.polish)} * 0.5
    + ${step(stones.symmetry, stone.symmetry)} * 0.5 + ${step(stones.fluorescence, stone.fluorescence)} * 0.5`;

  const conditions: SQL[] = [
    eq(stones.status, statusRank('Available')),
    eq(stones.shape, stone.shape),
    sql`${stones.carats} between ${stone.carats * (1 - CARAT_BAND)} and ${stone.carats * (1 + CARAT_BAND)}`,
    notInArray(stones.id, excluded),
  ];
  if (stone.fancyColor !== null) conditions.push(eq(stones.fancyColor, stone.fancyColor));
  else conditions.push(isNotNull(stones.color));
  if (query.all_asset_required === 'true') {
    conditions.push(isNotNull(stones.imageUrl), isNotNull(stones.videoUrl), isNotNull(stones.certificateUrl));
  }
  if (query.gemTrac === 'true') conditions.push(eq(stones.gemtrac, true));

  const found = await selectStones(db, {
    where: and(...conditions)!,
    orderBy: [nearness, sql`${stones.lotId}`],
    limit: query.limit,
  });
  return markInCart(
    db,
    viewer.customerId,
    found.map((row) => toStone(row, viewOf(viewer))),
  );
}
