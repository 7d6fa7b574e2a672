import { exportBackToStock, exportNewArrivalBids } from '@loupe/contract/campaigns';
import { updateNotificationPreferences } from '@loupe/contract/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, tryAdmin } from '../../test/admin.ts';
import { outboxOf } from '../../test/appointment-kit.ts';
import { callRoute, expectOk } from '../../test/call-route.ts';
import { readSpreadsheet } from '../../test/read-spreadsheet.ts';
import { loggedInCustomer, stockOf } from '../../test/stock-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Moves the test clock to the next `hh:mm` UTC. */
function moveTo(hours: number, minutes: number) {
  const now = t.clock.now().getTime();
  let at = Math.floor(now / DAY) * DAY + hours * HOUR + minutes * 60_000;
  if (at <= now) at += DAY;
  t.clock.advance(at - now);
}

/** The export's query from a printed or emailed URL. */
function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

async function stockForCampaigns() {
  const now = t.clock.now().getTime();
  await stockOf(t, [
    { lot_id: 'NEW-1', certified_at: new Date(now - 2 * HOUR) },
    { lot_id: 'NEW-2', certified_at: new Date(now - 5 * HOUR) },
    { lot_id: 'NEW-SOLD', certified_at: new Date(now - 3 * HOUR), status: 'Sold' },
    { lot_id: 'WEEK-1', certified_at: new Date(now - 3 * DAY) },
    { lot_id: 'OLD-1', certified_at: new Date(now - 30 * DAY) },
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  moveTo(5, 0);
  await stockForCampaigns();
});
afterAll(() => t.close());

describe('[CAMPAIGNS] public export links', () => {
  it('prints a full URL whose token opens the new-arrival export: the stones as base64 .xlsx, without prices', async () => {
    const out = await admin(t, 'campaign', 'link', 'new-arrival-bids');
    const url = out.split('\n')[0]!;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/public\/exports\/new-arrival-bids\?token=[\w-]+\.[\w-]+$/);
    const res = await expectOk(t.app, exportNewArrivalBids, { query: queryOf(url) });
    expect(res.fileName).toBe('new_arrivals.xlsx');
    const [sheet] = await readSpreadsheet(Buffer.from(res.data, 'base64'));
    const lots = sheet!.rows.map((row) => row[0]?.value);
    expect(lots).toContain('NEW-1');
    expect(lots).toContain('NEW-2');
    expect(lots).not.toContain('NEW-SOLD');
    expect(lots).not.toContain('WEEK-1');
    expect(JSON.stringify(sheet!.rows[1])).not.toContain('Amt ($)');
  });

  it('hands a browser that opens the link the spreadsheet itself, as a download', async () => {
    const url = (await admin(t, 'campaign', 'link', 'new-arrival-bids')).split('\n')[0]!;
    const res = await callRoute(t.app, exportNewArrivalBids, {
      query: queryOf(url),
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="new_arrivals.xlsx"');
    const [sheet] = await readSpreadsheet(res.raw.rawPayload);
    expect(sheet!.rows.map((row) => row[0]?.value)).toContain('NEW-1');
    // A browser with a forged token still gets the 401 error body, not a file.
    const forged = await callRoute(t.app, exportNewArrivalBids, {
      query: { token: 'x.y' },
      headers: { accept: 'text/html' },
    });
    expect(forged.status).toBe(401);
  });

  it('opens the back-to-stock exports of the week’s new arrivals and of bid to buy', async () => {
    const week = (await admin(t, 'campaign', 'link', 'back-to-stock', 'newarrivals', 'last_week')).split(
      '\n',
    )[0]!;
    expect(queryOf(week)).toMatchObject({ module: 'newarrivals', time_frame: 'last_week' });
    const res = await expectOk(t.app, exportBackToStock, { query: queryOf(week) as never });
    const [sheet] = await readSpreadsheet(Buffer.from(res.data, 'base64'));
    const lots = sheet!.rows.map((row) => row[0]?.value);
    expect(lots).toContain('WEEK-1');
    expect(lots).not.toContain('NEW-1');
    expect(lots).not.toContain('OLD-1');

    const bid = (await admin(t, 'campaign', 'link', 'back-to-stock', 'bidtobuy')).split('\n')[0]!;
    expect(queryOf(bid)).toMatchObject({ module: 'bidtobuy' });
    const bidRes = await callRoute(t.app, exportBackToStock, { query: queryOf(bid) as never });
    expect(bidRes.status).toBe(200);
    expect(bidRes.body.fileName).toBe('back_to_stock_bid_to_buy.xlsx');
  });

  it('answers 401 with the error body to a missing, forged, borrowed or expired token', async () => {
    const url = (await admin(t, 'campaign', 'link', 'new-arrival-bids')).split('\n')[0]!;
    const token = queryOf(url).token!;
    const [payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ x: 'new-arrival-bids', e: 4_102_444_800 })).toString(
      'base64url',
    );
    for (const bad of [
      undefined,
      '',
      'not-a-token',
      `${payload}.${signature!.slice(0, -2)}AA`,
      `${forgedPayload}.${signature}`,
    ]) {
      const res = await callRoute(t.app, exportNewArrivalBids, {
        query: bad === undefined ? {} : { token: bad },
      });
      expect(res.status, String(bad)).toBe(401);
      expect(res.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('link') });
    }
    // A link to one export does not open another.
    const borrowed = await callRoute(t.app, exportBackToStock, { query: { module: 'bidtobuy', token } });
    expect(borrowed.status).toBe(401);

    t.clock.advance(7 * DAY + 1000);
    const expired = await callRoute(t.app, exportNewArrivalBids, { query: { token } });
    expect(expired.status).toBe(401);
    expect(expired.error?.message).toContain('expired');
    t.clock.advance(-(7 * DAY + 1000));
  });

  it('refuses an unknown link type on the command line', async () => {
    expect(await tryAdmin(t, 'campaign', 'link', 'everything')).toMatchObject({ status: 400 });
  });
});

describe('[CAMPAIGNS] the scheduled emails', () => {
  it('sends the daily campaign at 06:00 UTC once, only to customers who opted in, with utm and export links', async () => {
    const subscribed = await loggedInCustomer(t);
    const importantOnly = await loggedInCustomer(t);
    const noEmail = await loggedInCustomer(t);
    const unverified = await loggedInCustomer(t, { isEmailVerified: false });
    await expectOk(t.app, updateNotificationPreferences, {
      token: importantOnly.token,
      body: { type: 'Important', platforms: { web: true, mobile: true, email: true } },
    });
    await expectOk(t.app, updateNotificationPreferences, {
      token: noEmail.token,
      body: { type: 'All', platforms: { web: true, mobile: true, email: false } },
    });

    await t.runDueJobs(); // installs the schedules: the first run is the next 06:00
    moveTo(6, 1);
    await stockForCampaigns();
    await t.runDueJobs();

    const [mail, ...more] = await outboxOf(t, subscribed.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("2 stones fresh from the labs: today's new arrivals");
    expect(mail?.body).toContain(
      '/v2/new-arrivals?utm_source=loupe&utm_medium=email&utm_campaign=new_arrival_daily&utm_content=button',
    );
    const exportLink = /(http\S+\/public\/exports\/new-arrival-bids\?token=\S+)/.exec(mail!.body)?.[1];
    expect(exportLink).toBeDefined();
    expect((await callRoute(t.app, exportNewArrivalBids, { query: queryOf(exportLink!) })).status).toBe(200);
    for (const c of [importantOnly, noEmail, unverified]) expect(await outboxOf(t, c.email)).toEqual([]);

    // The same day again, by the schedule or by hand: nothing more.
    await t.runDueJobs();
    const again = await tryAdmin(t, 'campaign', 'send', 'new_arrival_daily');
    expect(again).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(await outboxOf(t, subscribed.email)).toHaveLength(1);
  });

  it('sends a weekly campaign once a week; the operator may send it before the schedule', async () => {
    const c = await loggedInCustomer(t);
    const sent = await tryAdmin(t, 'campaign', 'send', 'new_arrival_weekly');
    expect(sent.status).toBe(200);
    const weekly = (await outboxOf(t, c.email)).filter((m) =>
      m.subject?.startsWith("Last week's new arrivals"),
    );
    expect(weekly).toHaveLength(1);
    expect(weekly[0]?.body).toContain(
      '/public/exports/back-to-stock?module=newarrivals&time_frame=last_week&token=',
    );
    expect(weekly[0]?.body).toContain('utm_campaign=new_arrival_weekly');
    moveTo(6, 30);
    await t.runDueJobs();
    expect((await outboxOf(t, c.email)).filter((m) => m.subject?.startsWith("Last week's"))).toHaveLength(1);
    expect(await tryAdmin(t, 'campaign', 'send', 'new_arrival_weekly')).toMatchObject({ status: 409 });
  });

  it('claims the period without an email when there is nothing to announce', async () => {
    const c = await loggedInCustomer(t);
    // This week's went with the schedule above (no bid-to-buy round has closed); next week's by hand.
    expect(await tryAdmin(t, 'campaign', 'send', 'bid_to_buy_weekly')).toMatchObject({ status: 409 });
    t.clock.advance(7 * DAY);
    const out = await admin(t, 'campaign', 'send', 'bid_to_buy_weekly');
    expect(out).toMatch(
      /Campaign bid_to_buy_weekly of \d{4}-W\d\d had no stones to announce: no email sent\./,
    );
    expect(await outboxOf(t, c.email)).toEqual([]);
  });
});
