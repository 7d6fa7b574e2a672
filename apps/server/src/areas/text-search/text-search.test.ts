import type { Stone } from '@loupe/contract/stones';
import { textSearch as textSearchRoute } from '@loupe/contract/text-search';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textSearchReports, trackingEvents } from '../../platform/db/schema/index.ts';
import { injectRoute } from '../../test/call-route.ts';
import { expectExactlyTheContract, loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { planBidToBuyEvent } from '../portal/index.ts';
import { splitKeywords } from './text-search.ts';

let t: TestApp;
let buyer: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  buyer = await loggedInCustomer(t);
  const now = t.clock.now().getTime();
  await stockOf(t, [
    { lot_id: 'LD2001', certificate_number: '2141438001' },
    { lot_id: 'LD2002', certificate_number: '2141438002' },
    { lot_id: 'LD2003', certificate_number: '6452178803' },
    { lot_id: 'LD2004', certificate_number: '2141438004', status: 'Sold' },
    { lot_id: 'LD2005', certificate_number: '2141438005', status: 'BidToBuy' },
    { lot_id: 'LD2006', certificate_number: '2141438006', certified_at: new Date(now - 2 * 3_600_000) },
    { lot_id: 'LD2007', certificate_number: null, status: 'Hold' },
  ]);
});
afterAll(() => t.close());

type Answer = {
  foundKeywords: string[];
  notFoundKeywords: string[];
  foundProducts: Stone[];
  textSearchReportId: string;
};

const textSearch = (search_keyword: string, search_type?: string, token = buyer.token) =>
  injectRoute(t.app, textSearchRoute, {
    headers: bearer(token),
    rawBody: { search_keyword, ...(search_type ? { search_type } : {}) },
  });

async function found(search_keyword: string, search_type?: string) {
  const res = await textSearch(search_keyword, search_type);
  expect(res.statusCode, res.body).toBe(200);
  return json<Answer>(res);
}

describe('[STOCK] keywords', () => {
  it('splits on spaces, commas, semicolons and new lines, and drops repeats whatever their case', () => {
    expect(splitKeywords(' LD1, ld2;LD3\nLD4\r\n\tLD5 ,, ; ld1 Ld2 LD6')).toEqual([
      'LD1',
      'ld2',
      'LD3',
      'LD4',
      'LD5',
      'LD6',
    ]);
    expect(splitKeywords(' ,;\n')).toEqual([]);
  });
});

describe('[STOCK] text search', () => {
  it('finds stock numbers and certificate numbers regardless of case, in the order typed', async () => {
    const answer = await found('6452178803, ld2002;NOPE-1\nLD2001  LD2002 unknown');
    expect(answer.foundKeywords).toEqual(['6452178803', 'ld2002', 'LD2001']);
    expect(answer.notFoundKeywords).toEqual(['NOPE-1', 'unknown']);
    expect(answer.foundProducts.map((s) => s.lot_id)).toEqual(['LD2003', 'LD2002', 'LD2001']);
  });

  it('answers exactly what the contract describes', async () => {
    expectExactlyTheContract(textSearchRoute, await found('LD2001 2141438002 NOPE-1'));
  });

  it('lists a stone found by both its stock number and its certificate once', async () => {
    const answer = await found('LD2001 2141438001');
    expect(answer.foundKeywords).toEqual(['LD2001', '2141438001']);
    expect(answer.foundProducts.map((s) => s.lot_id)).toEqual(['LD2001']);
  });

  it('searches the searchable stock: Hold yes, Sold and bid-to-buy stones no', async () => {
    const answer = await found('LD2004 LD2005 LD2007 2141438005');
    expect(answer.foundKeywords).toEqual(['LD2007']);
    expect(answer.notFoundKeywords).toEqual(['LD2004', 'LD2005', '2141438005']);
  });

  it('refuses input without a keyword, and more keywords than the limit', async () => {
    const empty = await textSearch(' , ; ');
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'search_keyword' }] });
    const blank = await textSearch('   ');
    expect(blank.statusCode).toBe(400);

    const many = Array.from({ length: 501 }, (_, i) => `LX${i}`);
    const tooMany = await textSearch(many.join(' '));
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).message).toBe(
      'Search at most 500 stone ids or certificate numbers at a time (you entered 501).',
    );
    // Repeats do not count against the limit.
    expect((await textSearch([...many.slice(0, 500), 'lx1', 'LX2'].join(','))).statusCode).toBe(200);
    expect((await textSearch('LD2001', 'Everything')).statusCode).toBe(400);
  });

  it('finds new arrivals only among stones certified in the last 24 hours', async () => {
    const answer = await found('LD2006 LD2001', 'NewArrivals');
    expect(answer.foundKeywords).toEqual(['LD2006']);
    expect(answer.notFoundKeywords).toEqual(['LD2001']);
  });

  it('searches bid-to-buy stones only while an event runs', async () => {
    const refused = await textSearch('LD2005', 'BidToBuy');
    expect(refused.statusCode).toBe(404);
    expect(json(refused)).toEqual({
      code: 'INACTIVE_BID_TO_BUY',
      message: 'No bid-to-buy event is running at the moment.',
    });

    const now = t.clock.now().getTime();
    await planBidToBuyEvent(t.deps.db, {
      name: 'June bid to buy',
      startsAt: new Date(now - 3_600_000),
      endsAt: new Date(now + 3_600_000),
      stoneCount: 1,
    });
    const answer = await found('LD2005 2141438005 LD2001', 'BidToBuy');
    expect(answer.foundKeywords).toEqual(['LD2005', '2141438005']);
    expect(answer.foundProducts.map((s) => s.lot_id)).toEqual(['LD2005']);

    t.clock.advance(2 * 3_600_000);
    expect((await textSearch('LD2005', 'BidToBuy')).statusCode).toBe(404);
  });
});

describe('[STOCK] text search reports and analytics', () => {
  it('keeps a report of every search', async () => {
    const answer = await found('LD2001 NOPE', 'normal');
    const [report] = await t.deps.db
      .select()
      .from(textSearchReports)
      .where(eq(textSearchReports.id, answer.textSearchReportId));
    expect(report).toMatchObject({
      customerId: buyer.id,
      searchType: 'normal',
      foundKeywords: ['LD2001'],
      notFoundKeywords: ['NOPE'],
    });
  });

  it('sends the analytics event at most once per customer every 10 minutes', async () => {
    const customer = await loggedInCustomer(t);
    const other = await loggedInCustomer(t);
    const events = async (id: string) =>
      t.deps.db
        .select()
        .from(trackingEvents)
        .where(and(eq(trackingEvents.customerId, id), eq(trackingEvents.event, 'text_search')));

    const first = json<Answer>(await textSearch('LD2001 NOPE', undefined, customer.token));
    await textSearch('LD2002', undefined, customer.token);
    t.clock.advance(599_999);
    await textSearch('LD2003', undefined, customer.token);
    expect(await events(customer.id)).toHaveLength(1);
    expect((await events(customer.id))[0]!.payload).toEqual({
      search_type: 'normal',
      keywords: 2,
      found: 1,
      not_found: 1,
      text_search_report_id: first.textSearchReportId,
    });

    await textSearch('LD2003', undefined, other.token);
    expect(await events(other.id)).toHaveLength(1);

    t.clock.advance(2);
    await textSearch('LD2003', undefined, customer.token);
    expect(await events(customer.id)).toHaveLength(2);
    const reports = await t.deps.db
      .select()
      .from(textSearchReports)
      .where(eq(textSearchReports.customerId, customer.id));
    expect(reports).toHaveLength(4);
  });
});
