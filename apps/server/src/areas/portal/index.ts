/**
 * The portal itself: health, public data (the sales people's referral codes), the dev outbox, and
 * the portal-wide settings (maintenance, told to every open tab by each instance's maintenance
 * watch) and bid-to-buy events: the one writer of portal_settings and bid_to_buy_events.
 */
export type { BidToBuyEvent } from './portal-settings.ts';
export {
  cancelBidToBuyEvents,
  endMaintenance,
  getBidToBuyEvent,
  getMaintenanceEnd,
  planBidToBuyEvent,
  rescheduleBidToBuyEvent,
  startMaintenance,
} from './portal-settings.ts';
export { portalRoutes } from './routes.ts';
export { isReferralCode } from './sales-people.ts';
export type { MaintenanceWatch } from './watch-maintenance.ts';
export { createMaintenanceWatch } from './watch-maintenance.ts';
