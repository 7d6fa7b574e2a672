import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import type { TextSearchType } from '@loupe/contract/text-search';
import { and, asc, inArray, or, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { stones, textSearchReports } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { markInCart } from '../cart/index.ts';
import { getBidToBuyEvent } from '../portal/index.ts';
import { type StoneScope, scopeCondition } from '../search/index.ts';
import {
  requireApprovedKyc,
  type StockViewer,
  type StoneRow,
  selectStones,
  toStone,
  viewOf,
} from '../stones/index.ts';
import { trackEventAtMostEvery } from '../tracking/index.ts';

/** Spec §9: the search-by-text analytics event is sent at most once per 10 minutes. */
export const TEXT_SEARCH_EVENT_INTERVAL_MS = 600_000;

/**
 * The keywords of a text search: split on spaces, commas, semicolons and new lines, repeated
 * ones dropped regardless of case (the first spelling is kept, as the buyer typed it).
 */
export function splitKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const word of text.split(/[\s,;]+/)) {
    if (!word) continue;
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    keywords.push(word);
  }
  return keywords;
}

export async function isBidToBuyRunning(db: Database, now: Date): Promise<boolean> {
  return (await getBidToBuyEvent(db, now)).running !== null;
}

export interface TextSearchResult {
  foundKeywords: string[];
  notFoundKeywords: string[];
  foundProducts: Stone[];
  textSearchReportId: string;
}

/** Stones by many stock numbers or certificate numbers at once, in one of the three scopes. */
export async function textSearch(
  db: Database,
  clock: Clock,
  viewer: StockViewer,
  input: { search_keyword: string; search_type: TextSearchType },
): Promise<TextSearchResult> {
  const now = clock.now();
  const keywords = splitKeywords(input.search_keyword);
  if (keywords.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Enter a stone id or certificate number.', [
      { path: 'search_keyword', message: 'Enter a stone id or certificate number' },
    ]);
  }
  const max = STOCK_LIMITS.textSearchKeywords;
  if (keywords.length > max) {
    const message = `Search at most ${max} stone ids or certificate numbers at a time (you entered ${keywords.length}).`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'search_keyword', message }]);
  }

  let stock: StoneScope['stock'] = 'searchable';
  if (input.search_type === 'NewArrivals') {
    requireApprovedKyc(viewer, 'Complete your KYC to see new arrivals.');
    stock = 'new_arrivals';
  } else if (input.search_type === 'BidToBuy') {
    if (!(await isBidToBuyRunning(db, now))) throw new AppError('INACTIVE_BID_TO_BUY');
    stock = 'bid_to_buy';
  }

  const lowered = keywords.map((k) => k.toLowerCase());
  const rows = await selectStones(db, {
    where: and(
      scopeCondition({ stock, now }),
      or(
        inArray(sql`lower(${stones.lotId})`, lowered),
        inArray(sql`lower(${stones.certificateNumber})`, lowered),
      ),
    )!,
    // Stones sharing a certificate number come back in a stable order.
    orderBy: [asc(stones.lotId)],
  });

  const byKeyword = new Map<string, StoneRow[]>();
  const add = (key: string | null, row: StoneRow) => {
    if (key === null) return;
    const list = byKeyword.get(key) ?? [];
    if (!list.includes(row)) list.push(row);
    byKeyword.set(key, list);
  };
  for (const row of rows) {
    add(row.lotId.toLowerCase(), row);
    add(row.certificateNumber?.toLowerCase() ?? null, row);
  }

  const foundKeywords: string[] = [];
  const notFoundKeywords: string[] = [];
  const found: StoneRow[] = [];
  for (const keyword of keywords) {
    const matches = byKeyword.get(keyword.toLowerCase());
    if (!matches) {
      notFoundKeywords.push(keyword);
      continue;
    }
    foundKeywords.push(keyword);
    for (const row of matches) if (!found.includes(row)) found.push(row);
  }

  const textSearchReportId = await recordTextSearch(db, now, viewer.customerId, {
    searchType: input.search_type,
    foundKeywords,
    notFoundKeywords,
  });
  return {
    foundKeywords,
    notFoundKeywords,
    foundProducts: await markInCart(
      db,
      viewer.customerId,
      found.map((row) => toStone(row, viewOf(viewer))),
    ),
    textSearchReportId,
  };
}

/**
 * Every search leaves a report for sales; the analytics event follows at most once per customer
 * per interval. The lock makes two searches at the same moment agree on which one sends it.
 */
async function recordTextSearch(
  db: Database,
  now: Date,
  customerId: string,
  report: { searchType: TextSearchType; foundKeywords: string[]; notFoundKeywords: string[] },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(textSearchReports)
      .values({ customerId, ...report, createdAt: now })
      .returning({ id: textSearchReports.id });
    await trackEventAtMostEvery(tx, {
      customerId,
      event: 'text_search',
      payload: {
        search_type: report.searchType,
        keywords: report.foundKeywords.length + report.notFoundKeywords.length,
        found: report.foundKeywords.length,
        not_found: report.notFoundKeywords.length,
        text_search_report_id: row!.id,
      },
      at: now,
      intervalMs: TEXT_SEARCH_EVENT_INTERVAL_MS,
    });
    return row!.id;
  });
}
