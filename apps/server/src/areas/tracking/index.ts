/** The one writer of tracking_events and registration_funnel_events: buyer actions sales follows. */
export { trackingRoutes } from './routes.ts';
export { trackEvent, trackEventAtMostEvery } from './track-events.ts';
