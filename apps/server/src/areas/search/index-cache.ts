import type { StoneColumns } from './index-columns.ts';
import type { IndexPlan } from './index-query.ts';
import { type IndexAnswer, searchIndex } from './index-scan.ts';
import type { StoneSort } from './stone-sort.ts';

/**
 * Answers of the index kept per search (filters, tiles or not, order, end of the page) while the
 * index holds the same stones (`StoneColumns.version` changes with every stone put, removed or
 * moved): buyers repeat the same few forms, and an answer of the same stones is the same answer.
 * The page's rows are still read from the database on every request, so prices, KYC and cart
 * marks are current; the count and the tiles are those of the stones the index holds now.
 */

const KEPT_ANSWERS = 1_000;

const kept = new WeakMap<StoneColumns, Map<string, { version: string; answer: IndexAnswer }>>();

export function searchIndexKept(
  columns: StoneColumns,
  plan: IndexPlan,
  search: { filters: unknown; facets: boolean; sort?: readonly StoneSort[]; end: number },
): IndexAnswer {
  let answers = kept.get(columns);
  if (!answers) {
    answers = new Map();
    kept.set(columns, answers);
  }
  const key = JSON.stringify([search.filters, search.facets, search.sort ?? null, search.end]);
  const version = columns.version;
  const found = answers.get(key);
  if (found?.version === version) return found.answer;
  const answer = searchIndex(columns, plan, { facets: search.facets, sort: search.sort, end: search.end });
  answers.delete(key);
  if (answers.size >= KEPT_ANSWERS) answers.delete(answers.keys().next().value!);
  answers.set(key, { version, answer });
  return answer;
}
