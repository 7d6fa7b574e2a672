import { faqs, sideBarConfig } from '@loupe/contract/portal';
import { getTourGuide, noFeatureViews, updateTourGuide } from '@loupe/contract/tour';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/call-route.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const web = { mode: 'web' } as const;

describe('[TOUR] the tour guide per customer', () => {
  it('answers a new customer not_started with every feature view false', async () => {
    const buyer = await loggedInCustomer(t);
    const res = await callRoute(t.app, getTourGuide, { query: web, token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ main_tour_status: 'not_started', feature_views: noFeatureViews() });
  });

  it('sets the main status through every value, reset included, and keeps it', async () => {
    const buyer = await loggedInCustomer(t);
    for (const status of ['ignored', 'pre_kyc_completed', 'completed', 'not_started'] as const) {
      const res = await callRoute(t.app, updateTourGuide, {
        query: { module: 'main_tour_status', mode: 'web' },
        body: { main_tour_status: status },
        token: buyer.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.main_tour_status).toBe(status);
      const read = await callRoute(t.app, getTourGuide, { query: web, token: buyer.token });
      expect(read.body.main_tour_status).toBe(status);
    }
  });

  it('merges a mini tour flag into its module only, keeping the others', async () => {
    const buyer = await loggedInCustomer(t);
    const dashboard = await callRoute(t.app, updateTourGuide, {
      query: { module: 'dashboard', mode: 'web' },
      body: { search_stone_id: true },
      token: buyer.token,
    });
    expect(dashboard.status).toBe(200);
    const nextViews = await callRoute(t.app, updateTourGuide, {
      query: { module: 'new_arrivals', mode: 'web' },
      body: { update_bid: true },
      token: buyer.token,
    });
    await callRoute(t.app, updateTourGuide, {
      query: { module: 'dashboard', mode: 'web' },
      body: { bid_to_buy_bids: true },
      token: buyer.token,
    });
    const expected = noFeatureViews();
    expected.dashboard.search_stone_id = true;
    expected.dashboard.bid_to_buy_bids = true;
    expected.new_arrivals.update_bid = true;
    expect(nextViews.body.feature_views.new_arrivals).toEqual({ apply_bid: false, update_bid: true });
    const read = await callRoute(t.app, getTourGuide, { query: web, token: buyer.token });
    expect(read.body).toEqual({ main_tour_status: 'not_started', feature_views: expected });
  });

  it('keeps two mini tours completed at once', async () => {
    const buyer = await loggedInCustomer(t);
    await Promise.all(
      (['apply_bid', 'update_bid'] as const).map((view) =>
        callRoute(t.app, updateTourGuide, {
          query: { module: 'bid_to_buy', mode: 'web' },
          body: { [view]: true },
          token: buyer.token,
        }),
      ),
    );
    const read = await callRoute(t.app, getTourGuide, { query: web, token: buyer.token });
    expect(read.body.feature_views.bid_to_buy).toEqual({ apply_bid: true, update_bid: true });
  });

  it("refuses another module's flags, an unknown flag, no flag, a bad status or module", async () => {
    const buyer = await loggedInCustomer(t);
    const refused = [
      { query: { module: 'match_pair_search', mode: 'web' }, rawBody: { apply_bid: true } },
      { query: { module: 'dashboard', mode: 'web' }, rawBody: { search_stone_id: true, teleport: true } },
      { query: { module: 'dashboard', mode: 'web' }, rawBody: {} },
      { query: { module: 'dashboard', mode: 'web' }, rawBody: { main_tour_status: 'completed' } },
      { query: { module: 'main_tour_status', mode: 'web' }, rawBody: { main_tour_status: 'finished' } },
      { query: { module: 'main_tour_status', mode: 'web' }, rawBody: { search_stone_id: true } },
      { query: { module: 'main_tour_status', mode: 'app' }, rawBody: { main_tour_status: 'completed' } },
    ] as const;
    for (const input of refused) {
      // biome-ignore lint/suspicious/noExplicitAny: queries the contract refuses, on purpose
      const res = await callRoute(t.app, updateTourGuide, { ...(input as any), token: buyer.token });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error?.code).toBe('VALIDATION_FAILED');
    }
    const unknownModule = await callRoute(t.app, updateTourGuide, {
      search: '?module=layout&mode=web',
      rawBody: { see_details: true },
      token: buyer.token,
    });
    expect(unknownModule.status).toBe(400);
    const read = await callRoute(t.app, getTourGuide, { query: web, token: buyer.token });
    expect(read.body).toEqual({ main_tour_status: 'not_started', feature_views: noFeatureViews() });
  });

  it('needs a logged-in customer', async () => {
    expect((await callRoute(t.app, getTourGuide, { query: web })).status).toBe(401);
    const post = await callRoute(t.app, updateTourGuide, {
      query: { module: 'main_tour_status', mode: 'web' },
      body: { main_tour_status: 'completed' },
    });
    expect(post.status).toBe(401);
  });
});

describe('[HELP] FAQs and the side bar', () => {
  it('answers FAQs with categories, each question once, without a login', async () => {
    const res = await callRoute(t.app, faqs);
    expect(res.status).toBe(200);
    const list = res.body.faqs;
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(new Set(list.map((f) => f.id)).size).toBe(list.length);
    const categories = [...new Set(list.map((f) => f.category))];
    expect(categories).toEqual(
      expect.arrayContaining(['Getting started', 'Account and KYC', 'Searching stock', 'Bidding']),
    );
    // Questions of one category come together, so the screen can group them in order.
    const runs = list.map((f) => f.category).filter((c, i, all) => c !== all[i - 1]);
    expect(runs).toEqual(categories);
    expect(list.find((f) => /tour/i.test(f.question))?.answer).toContain('Take the tour');
  });

  it('answers the side bar of spec §2, top to bottom, with Layout hidden', async () => {
    const res = await callRoute(t.app, sideBarConfig);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.label)).toEqual([
      'Dashboard',
      'New Arrivals',
      'Bid to Buy',
      'Trade Show',
      'Search',
      'Matching Pair',
      'Layout',
      'Bookmark',
      'My Cart',
      'Your Orders',
      'My Appointments',
      'FAQs',
    ]);
    expect(res.body.items.filter((i) => i.hidden).map((i) => i.key)).toEqual(['layout']);
    expect(res.body.items.every((i) => i.path.startsWith('/v2'))).toBe(true);
  });
});
