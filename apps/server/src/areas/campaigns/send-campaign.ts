import type { CampaignType, ExportLink } from '@loupe/contract/campaigns';
import { CAMPAIGN_LINK_DAYS } from '@loupe/contract/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { campaignSends, customers, notificationPreferences } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJob, type JobSchedule } from '../../platform/jobs/index.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { campaignStoneIds } from './campaign-stones.ts';
import { exportUrl, type LinkKey, signLink } from './link-tokens.ts';

/**
 * The campaign emails of spec §3 (decision 026). Each goes once per period, a UTC day for
 * `new_arrival_daily`, an ISO week for the weekly ones: the row of `campaign_sends` claimed in the
 * transaction that enqueues the emails is the one thing that lets it go, whoever starts it (a
 * runner's schedule, another instance's, or the operator). Only customers who opted in get it:
 * verified email, notification preferences "All" with the email channel on (the default).
 */

export interface CampaignDeps {
  messenger: Messenger;
  publicUrl: string;
  linkKey: LinkKey;
}

interface CampaignPlan {
  link: ExportLink;
  weekly: boolean;
  subject: (stones: number) => string;
  intro: (stones: number) => string;
  /** The portal screen the email invites to. */
  screen: { path: string; label: string };
}

const stonesText = (n: number) => (n === 1 ? '1 stone' : `${n.toLocaleString('en-US')} stones`);

export const CAMPAIGN_PLANS: Record<CampaignType, CampaignPlan> = {
  new_arrival_daily: {
    link: 'new-arrival-bids',
    weekly: false,
    subject: (n) => `${stonesText(n)} fresh from the labs: today's new arrivals`,
    intro: (n) =>
      `${stonesText(n)} came back from the labs in the last 24 hours and are open for bids today. Place your bid before the round closes.`,
    screen: { path: '/v2/new-arrivals', label: 'Bid on the new arrivals' },
  },
  new_arrival_weekly: {
    link: 'back-to-stock:newarrivals:last_week',
    weekly: true,
    subject: (n) => `Last week's new arrivals, back in stock: ${stonesText(n)}`,
    intro: (n) =>
      `${stonesText(n)} of last week's new arrivals found no buyer in their bid round and are in our stock now, at their list prices.`,
    screen: { path: '/v2/search', label: 'Search the stock' },
  },
  bid_to_buy_weekly: {
    link: 'back-to-stock:bidtobuy',
    weekly: true,
    subject: (n) => `Back in stock after Bid to Buy: ${stonesText(n)}`,
    intro: (n) =>
      `${stonesText(n)} of the last bid-to-buy event are back in our stock. Buy them now, or bid in the next event.`,
    screen: { path: '/v2/bid-2-buy', label: 'See Bid to Buy' },
  },
};

/** `2026-11-25`, or the ISO week `2026-W48`. */
export function periodOf(campaign: CampaignType, now: Date): string {
  if (!CAMPAIGN_PLANS[campaign].weekly) return now.toISOString().slice(0, 10);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of the week names its year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** A portal address with the campaign's utm parameters (the web app keeps them, spec §5). */
export function utmLink(publicUrl: string, path: string, campaign: CampaignType, content: string): string {
  const query = new URLSearchParams({
    utm_source: 'loupe',
    utm_medium: 'email',
    utm_campaign: campaign,
    utm_content: content,
  });
  return `${publicUrl.replace(/\/+$/, '')}${path}?${query}`;
}

/** The customers who opted in to campaign emails. */
async function recipients(db: Pick<Database, 'select'>) {
  return db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .leftJoin(notificationPreferences, eq(notificationPreferences.customerId, customers.id))
    .where(
      and(
        eq(customers.isEmailVerified, true),
        sql`coalesce(${notificationPreferences.type}, 'All') = 'All'`,
        sql`coalesce(${notificationPreferences.email}, true)`,
      ),
    )
    .orderBy(customers.email);
}

export interface CampaignSent {
  campaign: CampaignType;
  period: string;
  recipients: number;
  stones: number;
}

/**
 * Sends this period's campaign unless it went out already (then null). Nothing to announce (no
 * stones) claims the period too, with no email.
 */
export async function sendCampaignOnce(
  db: Database,
  deps: CampaignDeps,
  campaign: CampaignType,
  now: Date,
  trigger: 'schedule' | 'operator',
): Promise<CampaignSent | null> {
  const plan = CAMPAIGN_PLANS[campaign];
  const period = periodOf(campaign, now);
  const stoneIds = await campaignStoneIds(db, plan.link, now);
  const { token } = await signLink(deps.linkKey, plan.link, now);
  return db.transaction(async (tx) => {
    const to = stoneIds.length > 0 ? await recipients(tx) : [];
    const [claimed] = await tx
      .insert(campaignSends)
      .values({ campaign, period, trigger, recipients: to.length, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: campaignSends.id });
    if (!claimed) return null;
    const portal = utmLink(deps.publicUrl, plan.screen.path, campaign, 'button');
    const spreadsheet = exportUrl(deps.publicUrl, plan.link, token);
    const preferences = utmLink(deps.publicUrl, '/v2/my-account', campaign, 'preferences');
    for (const customer of to) {
      await deps.messenger.send(
        {
          channel: 'email',
          to: customer.email,
          subject: plan.subject(stoneIds.length),
          body: [
            `Dear ${customer.firstName},`,
            '',
            plan.intro(stoneIds.length),
            '',
            `${plan.screen.label}: ${portal}`,
            `Download the list as a spreadsheet (the link works for ${CAMPAIGN_LINK_DAYS} days): ${spreadsheet}`,
            '',
            'Loupe Diamonds',
            '',
            `You receive this email because your notifications are set to All with email on. Choose Important Only or turn email off in My Account, Notifications Preferences: ${preferences}`,
          ].join('\n'),
        },
        tx,
      );
    }
    return { campaign, period, recipients: to.length, stones: stoneIds.length };
  });
}

/** `campaign send <campaign>`: 409 when this period's went out already. */
export async function sendCampaignNow(db: Database, deps: CampaignDeps, campaign: CampaignType, now: Date) {
  const sent = await sendCampaignOnce(db, deps, campaign, now, 'operator');
  if (!sent) {
    throw new AppError(
      'CONFLICT',
      `The ${campaign} campaign of ${periodOf(campaign, now)} went out already; the next goes ${
        CAMPAIGN_PLANS[campaign].weekly ? 'next week' : 'tomorrow'
      }.`,
    );
  }
  return sent;
}

/**
 * The schedules (decision 013): every day at 06:00 UTC the daily campaign, and at 06:05 and 06:10
 * the weekly ones, which go out on the week's first run (Mondays) and find their week claimed on
 * the other days.
 */
export function campaignSchedules(deps: CampaignDeps): JobSchedule[] {
  const times: Record<CampaignType, `${number}:${number}`> = {
    new_arrival_daily: '06:00',
    new_arrival_weekly: '06:05',
    bid_to_buy_weekly: '06:10',
  };
  return (Object.keys(times) as CampaignType[]).map((campaign) => ({
    job: defineJob(
      `campaigns.${campaign.replaceAll('_', '-')}`,
      z.object({}),
      async (_, { db, clock, log }) => {
        const sent = await sendCampaignOnce(db, deps, campaign, clock.now(), 'schedule');
        if (sent) log.info(sent, 'campaign sent');
        return sent;
      },
    ),
    cadence: { dailyAtUtc: times[campaign] },
  }));
}
