/** The portal itself: health, public data (the sales people's referral codes), the dev outbox. */
export { portalRoutes } from './routes.ts';
export { isReferralCode } from './sales-people.ts';
