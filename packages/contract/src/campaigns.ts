import { z } from 'zod';
import { route } from './route.ts';

/**
 * Email campaigns (spec §3 campaign types, §7 "Public exports for email campaign links"; decision
 * 026): the three campaigns go by scheduled jobs to the customers who opted in, with utm links to
 * the portal and signed, expiring links to the public exports.
 */

export const CAMPAIGN_TYPES = ['new_arrival_daily', 'new_arrival_weekly', 'bid_to_buy_weekly'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** How long an export link of an email stays valid. */
export const CAMPAIGN_LINK_DAYS = 7;

/** The spreadsheet as the export links answer it: its name and the .xlsx as base64. */
export const publicExport = z.object({ fileName: z.string(), data: z.string() }).meta({ id: 'PublicExport' });

/** Optional in the schema so that a link without one is answered 401, like a forged one. */
const token = z.string().max(512).optional();

/** The new arrivals open for bids today (a link of `new_arrival_daily`). */
export const exportNewArrivalBids = route({
  method: 'GET',
  path: '/public/exports/new-arrival-bids',
  summary: 'The new arrivals open for bids, as a spreadsheet (signed link token; 401 when forged or expired)',
  tag: 'campaigns',
  auth: false,
  query: z.object({ token }),
  status: 200,
  response: publicExport,
});

export const BACK_TO_STOCK_MODULES = ['newarrivals', 'bidtobuy'] as const;

/**
 * Stones back in stock: `newarrivals` with `time_frame=last_week` (the week's new arrivals that no
 * bid bought, a link of `new_arrival_weekly`), `bidtobuy` (the last bid-to-buy event's stones that
 * went back to stock, a link of `bid_to_buy_weekly`).
 */
export const exportBackToStock = route({
  method: 'GET',
  path: '/public/exports/back-to-stock',
  summary: 'Stones back in stock after the new arrivals or bid to buy, as a spreadsheet (signed link token)',
  tag: 'campaigns',
  auth: false,
  query: z.object({
    module: z.enum(BACK_TO_STOCK_MODULES),
    time_frame: z.enum(['last_week']).optional(),
    token,
  }),
  status: 200,
  response: publicExport,
});

/** What an export link opens: the three exports of the pins. */
export const EXPORT_LINKS = [
  'new-arrival-bids',
  'back-to-stock:newarrivals:last_week',
  'back-to-stock:bidtobuy',
] as const;
export type ExportLink = (typeof EXPORT_LINKS)[number];

/** `npm run admin -- campaign link <type> [module] [time frame]`: a signed export link. */
export const makeCampaignLink = route({
  method: 'POST',
  path: '/operator/campaigns/links',
  summary: 'Make a signed, expiring link to a public export (operator)',
  tag: 'operator',
  auth: 'operator',
  body: z.object({ export: z.enum(EXPORT_LINKS) }),
  status: 200,
  response: z.object({ url: z.string(), expires_at: z.string() }),
});

/** `npm run admin -- campaign send <campaign>`: this period's emails now, unless already sent. */
export const sendCampaign = route({
  method: 'POST',
  path: '/operator/campaigns/:campaign/send',
  summary: "Send this period's campaign emails now; 409 when it went out already (operator)",
  tag: 'operator',
  auth: 'operator',
  params: z.object({ campaign: z.enum(CAMPAIGN_TYPES) }),
  status: 200,
  response: z.object({
    campaign: z.enum(CAMPAIGN_TYPES),
    /** `2026-11-25` for a daily campaign, `2026-W48` for a weekly one. */
    period: z.string(),
    recipients: z.number().int(),
    stones: z.number().int(),
  }),
});
