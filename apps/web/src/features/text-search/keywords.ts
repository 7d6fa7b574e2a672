import { STOCK_LIMITS } from '@loupe/contract/stone-vocabulary';
import { formatCount } from '../../lib/format';

/** Stone ids and certificate numbers are separated by spaces, commas, semicolons or new lines. */
const SEPARATORS = /[\s,;]+/;

/**
 * The distinct keywords of a pasted text, in the order typed. The same stone id typed twice (in
 * any letter case) counts once, since the server would find the same stone for both.
 */
export function splitKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of text.split(SEPARATORS)) {
    const keyword = part.trim();
    if (!keyword) continue;
    const key = keyword.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    keywords.push(keyword);
  }
  return keywords;
}

export interface KeywordPreview {
  count: number;
  /** Same ids pasted more than once, counted once. */
  duplicates: number;
  tooMany: boolean;
  /** One line under the field, e.g. "3 stone ids" or "502 ids: at most 500 per search". */
  message: string;
}

/** What the search field says about the text so far, before the customer presses Search. */
export function previewKeywords(
  text: string,
  limit: number = STOCK_LIMITS.textSearchKeywords,
): KeywordPreview {
  const keywords = splitKeywords(text);
  const total = text.split(SEPARATORS).filter((part) => part.trim()).length;
  const count = keywords.length;
  const duplicates = total - count;
  const tooMany = count > limit;
  let message = '';
  if (tooMany) {
    message = `${formatCount(count)} ids: at most ${formatCount(limit)} per search`;
  } else if (count > 0) {
    message = `${formatCount(count)} ${count === 1 ? 'stone id' : 'stone ids'}`;
    if (duplicates > 0) message += ` (${duplicates} repeated, searched once)`;
  }
  return { count, duplicates, tooMany, message };
}

/** The text the search call sends: the distinct keywords, comma-separated. */
export function keywordsForSearch(text: string): string {
  return splitKeywords(text).join(',');
}
