import type { BodyOf, ResponseOf, RouteDef } from '@loupe/contract/route';
import { searchStones } from '@loupe/contract/search';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { strictInput } from '@loupe/contract/strict';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type CustomerInput, createCustomer } from '../app/seed/factories.ts';
import { createStones, type StoneSpec } from '../app/seed/stone-factory.ts';
import { emptyStock, loadStones } from '../areas/stones/index.ts';
import { stones } from '../platform/db/schema/index.ts';
import { injectRoute } from './call-route.ts';
import { bearer, json, logInAs, type TestApp } from './test-app.ts';

/** Helpers the stock API tests share: customers by KYC status, an empty stock, searches by lot id. */

export type SearchBody = BodyOf<typeof searchStones>;
export type SearchAnswer = ResponseOf<typeof searchStones>;

export async function loggedInCustomer(t: TestApp, input: CustomerInput = {}) {
  const customer = await createCustomer(t.deps.db, { kycStatus: 'approved', ...input });
  return { ...customer, token: await logInAs(t.app, customer.email, customer.password) };
}

/** Empties the stock and puts exactly these stones in it. */
export async function stockOf(t: TestApp, specs: StoneSpec[]) {
  await emptyStock(t.deps.db);
  return createStones(t.deps.db, specs);
}

/**
 * `count` copies of the stone with this stock number, numbered `<prefix>1`, `<prefix>2`, …:
 * a large stock for the limits of a search or an export, loaded the way generated stock is.
 */
export async function copiesOf(t: TestApp, lotId: string, count: number, prefix: string) {
  const [template] = await t.deps.db.select().from(stones).where(eq(stones.lotId, lotId));
  if (!template) throw new Error(`no stone ${lotId}`);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = template;
  await loadStones(t.deps.db, count, {
    firstIndex: 1,
    batch: (first, n) => Array.from({ length: n }, (_, i) => ({ ...fields, lotId: `${prefix}${first + i}` })),
  });
}

export function postSearch(t: TestApp, token: string, body: SearchBody, query = '') {
  return injectRoute(t.app, searchStones, { search: query, headers: bearer(token), rawBody: body });
}

/** The lot ids a search finds, in the order it answers them (first 300). */
export async function lotsFound(t: TestApp, token: string, filters: StoneFiltersInput, query = '') {
  const res = await postSearch(t, token, { filters, limit: 300 }, query);
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  const answer = json<SearchAnswer>(res);
  if (answer.count !== answer.stones.length)
    throw new Error(`count ${answer.count} ≠ ${answer.stones.length} stones`);
  return answer.stones.map((s) => s.lot_id);
}

/**
 * The stock's answers are written as the server built them, without the response schema's pass
 * (`answerAsBuilt`): an answer must be exactly what the contract describes, no key missing or
 * extra, every value of its type.
 */
export function expectExactlyTheContract(route: RouteDef, answer: unknown) {
  if (!route.response) throw new Error(`${route.method} ${route.path} declares no answer`);
  expect(strictInput(route.response).parse(answer)).toEqual(answer);
}
