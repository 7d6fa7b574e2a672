import { trackCopyUrl, trackShare } from '@loupe/contract/tracking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../../platform/db/schema/index.ts';
import { injectRoute } from '../../test/call-route.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let buyer: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  buyer = await loggedInCustomer(t);
});
afterAll(() => t.close());

const eventsOf = (customerId: string) =>
  t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.customerId, customerId));

describe('[TRACKING] share and copied links', () => {
  it('records a share with its channel, stones, attributes and page', async () => {
    const res = await injectRoute(t.app, trackShare, {
      headers: bearer(buyer.token),
      rawBody: {
        channel: 'whatsapp',
        stone_ids: ['LD1001', 'LD1002'],
        attributes: ['Stock No', 'Shape', 'Carats', 'Disc %'],
        page: 'search_result_page',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [event] = await eventsOf(buyer.id);
    expect(event).toMatchObject({
      event: 'share',
      payload: {
        channel: 'whatsapp',
        stone_ids: ['LD1001', 'LD1002'],
        attributes: ['Stock No', 'Shape', 'Carats', 'Disc %'],
        page: 'search_result_page',
      },
    });
    expect(event!.createdAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('records a copied stone link', async () => {
    const url = 'http://localhost:3000/v2/detail-page?path=search&stoneid=LD1001-IND';
    const res = await injectRoute(t.app, trackCopyUrl, {
      params: { url: url },
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(204);
    const events = await eventsOf(buyer.id);
    expect(events.find((e) => e.event === 'copy_url')?.payload).toEqual({ url });
  });

  it('refuses an unknown channel, no stones, or an anonymous caller', async () => {
    const bad = await injectRoute(t.app, trackShare, {
      headers: bearer(buyer.token),
      rawBody: { channel: 'fax', stone_ids: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      json<{ details: { path: string }[] }>(bad)
        .details.map((d) => d.path)
        .sort(),
    ).toEqual(['channel', 'stone_ids']);
    const anonymous = await injectRoute(t.app, trackCopyUrl, { params: { url: 'abc' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
