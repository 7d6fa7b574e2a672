import type { ExportLink } from '@loupe/contract/campaigns';
import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../platform/db/client.ts';
import { statusRank } from '../stones/index.ts';

/**
 * The stones of each export (decision 026), Available now, newest certificate first:
 * - `new-arrival-bids`: the new arrivals, certified in the last 24 hours (open for bids today);
 * - `back-to-stock:newarrivals:last_week`: the week's new arrivals whose bid day passed without a
 *   sale (certified 1 to 7 days ago), back in the general stock;
 * - `back-to-stock:bidtobuy`: the stones of the last closed bid-to-buy round that went back to stock.
 */

const HOUR = 3_600_000;
const AT_MOST = 10_000;

export async function campaignStoneIds(db: Database, link: ExportLink, now: Date): Promise<string[]> {
  const available = statusRank('Available');
  const newSince = new Date(now.getTime() - STOCK_LIMITS.newArrivalHours * HOUR).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 24 * HOUR).toISOString();
  const at = now.toISOString();
  const query =
    link === 'new-arrival-bids'
      ? sql`SELECT id FROM stones WHERE status = ${available}
              AND certified_at > ${newSince} AND certified_at <= ${at}
            ORDER BY certified_at DESC, lot_id LIMIT ${AT_MOST}`
      : link === 'back-to-stock:newarrivals:last_week'
        ? sql`SELECT id FROM stones WHERE status = ${available}
                AND certified_at > ${weekAgo} AND certified_at <= ${newSince}
              ORDER BY certified_at DESC, lot_id LIMIT ${AT_MOST}`
        : sql`SELECT s.id FROM stones s
              WHERE s.status = ${available} AND s.id IN (
                SELECT b.stone_id FROM bids b
                WHERE b.round_id = (
                  SELECT r.id FROM bid_rounds r
                  WHERE r.kind = 'bid_to_buy' AND r.closed_at IS NOT NULL AND r.closed_at <= ${at}
                  ORDER BY r.closed_at DESC LIMIT 1))
              ORDER BY s.certified_at DESC, s.lot_id LIMIT ${AT_MOST}`;
  return (await rows<{ id: string }>(db, query)).map((r) => r.id);
}

export const EXPORT_TITLES: Record<ExportLink, { sheet: string; title: string; file: string }> = {
  'new-arrival-bids': {
    sheet: 'New Arrivals',
    title: 'Loupe Diamonds: new arrivals open for bids today',
    file: 'new_arrivals.xlsx',
  },
  'back-to-stock:newarrivals:last_week': {
    sheet: 'Back in Stock',
    title: "Loupe Diamonds: last week's new arrivals, back in stock",
    file: 'back_to_stock_new_arrivals.xlsx',
  },
  'back-to-stock:bidtobuy': {
    sheet: 'Back in Stock',
    title: 'Loupe Diamonds: bid-to-buy stones, back in stock',
    file: 'back_to_stock_bid_to_buy.xlsx',
  },
};
