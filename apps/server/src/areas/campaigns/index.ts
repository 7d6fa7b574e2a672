/**
 * Email campaigns (decision 026): the one writer of campaign_sends and campaign_keys. The three
 * campaigns of spec §3 by schedule or by the operator, once per period, to the customers who
 * opted in, and the public exports their links open (signed, expiring tokens).
 */

export { createLinkKeys } from './link-tokens.ts';
export { campaignRoutes } from './routes.ts';
export { campaignSchedules } from './send-campaign.ts';
