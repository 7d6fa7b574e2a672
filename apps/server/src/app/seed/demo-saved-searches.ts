import { type StoneFilters, stoneFilters } from '@loupe/contract/search-filters';
import { count, eq, sql } from 'drizzle-orm';
import { createSavedSearch } from '../../areas/saved-searches/index.ts';
import { stoneConditions } from '../../areas/search/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, savedSearches, stones } from '../../platform/db/schema/index.ts';
import { DEMO_BUYER_EMAIL } from './demo-orders.ts';

/** What a jeweller keeps coming back to: the demo buyer's saved searches, oldest first. */
const DEMO_SEARCHES: { name: string; filters: StoneFilters; daysAgo: number }[] = [
  {
    name: 'Rounds 1ct G-H VS',
    filters: stoneFilters.parse({
      shape: ['BR'],
      carats: ['1.00-1.19'],
      color: ['G', 'H'],
      clarity: ['VS1', 'VS2'],
    }),
    daysAgo: 40,
  },
  {
    name: 'Ovals 2ct+ 3EX',
    filters: stoneFilters.parse({ shape: ['OV'], carats: ['2.00-2.99', '3.00-3.99'], make: '3EX' }),
    daysAgo: 21,
  },
  {
    name: 'Pears for pairs',
    filters: stoneFilters.parse({
      shape: ['PS'],
      carats: ['0.50-0.69', '0.70-0.89'],
      color: ['D', 'E', 'F'],
    }),
    daysAgo: 9,
  },
  {
    name: 'Fancy yellow',
    filters: stoneFilters.parse({ fancy_color: ['Yellow'] }),
    daysAgo: 2,
  },
];

/**
 * pins.md: the demo buyer "has … saved searches". Added once, with the count each search finds in
 * the stock seeded, so running one shows what was saved.
 */
export async function seedDemoSavedSearches(db: Database, clock: Clock) {
  const [buyer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${DEMO_BUYER_EMAIL}`);
  if (!buyer) return;
  const [existing] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.customerId, buyer.id));
  if ((existing?.n ?? 0) > 0) return;

  const now = clock.now();
  for (const search of DEMO_SEARCHES) {
    const [found] = await db
      .select({ n: count() })
      .from(stones)
      .where(stoneConditions(search.filters, { stock: 'searchable', now }));
    const at = new Date(now.getTime() - search.daysAgo * 86_400_000);
    // Saved on the day it was: the saved search's clock is that day.
    await createSavedSearch(db, { now: () => at }, buyer.id, {
      name: search.name,
      diamond_count: found?.n ?? 0,
      meta_data: search.filters,
      is_matching_pair: false,
    });
  }
}
