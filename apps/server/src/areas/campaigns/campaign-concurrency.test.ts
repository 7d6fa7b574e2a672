import { sendCampaign } from '@loupe/contract/campaigns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock.ts';
import { campaignSends } from '../../platform/db/schema/index.ts';
import { outboxOf } from '../../test/appointment-kit.ts';
import { callRoute } from '../../test/call-route.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, OPERATOR_TOKEN, type TestApp } from '../../test/test-app.ts';

/**
 * A campaign goes out once per period however many start it at once: two instances' runners on
 * one database (on PostgreSQL, TEST_DATABASE_URL, truly in parallel on their own connections) and
 * operators on both. The claim of the period (`campaign_sends`, unique per campaign and period)
 * commits with the emails, so there is one winner and one set of emails.
 */

let a: TestApp;
let b: TestApp;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  // 05:00 UTC tomorrow from the start, before any runner learns its schedules: the daily
  // campaign (06:00) is not due yet whatever the hour the test runs at.
  const now = Date.now();
  const clock = new TestClock(new Date(Math.floor(now / DAY) * DAY + DAY + 5 * HOUR));
  a = await createTestApp({ clock });
  b = await createTestApp({ clock }, { database: a.database });
  await stockOf(a, [
    { lot_id: 'RACE-NEW', certified_at: new Date(a.clock.now().getTime() - HOUR) },
    { lot_id: 'RACE-WEEK', certified_at: new Date(a.clock.now().getTime() - 3 * DAY) },
  ]);
}, 120_000);
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('[CAMPAIGNS] two runners, two operators', () => {
  it('sends the daily campaign once when both instances run the due schedules together', async () => {
    const customers = await Promise.all([1, 2, 3].map(() => loggedInCustomer(a)));
    await Promise.all([a.runDueJobs(), b.runDueJobs()]);
    a.clock.advance(HOUR + 30 * 60_000); // 06:30: every campaign is due
    await Promise.all([a.runDueJobs(), b.runDueJobs(), a.runDueJobs(), b.runDueJobs()]);

    const sends = await a.deps.db
      .select()
      .from(campaignSends)
      .where(eq(campaignSends.campaign, 'new_arrival_daily'));
    expect(sends).toHaveLength(1);
    for (const c of customers) {
      const daily = (await outboxOf(a, c.email)).filter((m) => m.subject?.includes("today's new arrivals"));
      expect(daily).toHaveLength(1);
    }
  });

  it('lets one of two operators sending the same campaign at once win; the other hears 409', async () => {
    const c = await loggedInCustomer(a);
    a.clock.advance(7 * DAY);
    await stockOf(a, [{ lot_id: 'RACE-WEEK-2', certified_at: new Date(a.clock.now().getTime() - 2 * DAY) }]);
    const answers = await Promise.all(
      [a, b, a, b].map((app) =>
        callRoute(app.app, sendCampaign, {
          params: { campaign: 'new_arrival_weekly' },
          token: OPERATOR_TOKEN,
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const weekly = (await outboxOf(a, c.email)).filter((m) =>
      m.subject?.startsWith("Last week's new arrivals"),
    );
    expect(weekly).toHaveLength(1);
  });
});
