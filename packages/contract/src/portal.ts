import { z } from 'zod';
import { route } from './route.ts';

/** The portal itself: health, the dev outbox, and public data a visitor needs before logging in. */

export const health = route({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database readiness',
  tag: 'portal',
  auth: false,
  status: 200,
  response: z.object({ status: z.literal('ok') }),
});

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** Files sent with an email, e.g. an appointment's calendar invitation (text/calendar). */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), content: z.string() })),
  created_at: z.string(),
});

export type OutboxMessage = z.infer<typeof outboxMessage>;

/** Outside production only: every email and SMS sent, newest first. */
export const devOutbox = route({
  method: 'GET',
  path: '/__dev/outbox',
  summary: 'Messages sent to an email address or phone number (not in production)',
  tag: 'portal',
  auth: false,
  query: z.object({ to: z.string().trim().min(1).max(254) }),
  status: 200,
  response: z.object({ messages: z.array(outboxMessage) }),
});

export const salesPerson = z.object({ key: z.string(), name: z.string() });

export const referralCodes = route({
  method: 'GET',
  path: '/public/data/sales-person-referral-codes',
  summary: 'The sales people a new customer can name as referrer',
  tag: 'portal',
  auth: false,
  status: 200,
  response: z.object({ data: z.array(salesPerson) }),
});

/** `npm run admin -- maintenance on <end>`: every screen shows the maintenance notice until the end. */
export const startMaintenance = route({
  method: 'PUT',
  path: '/operator/maintenance',
  summary: 'Put the portal into maintenance until a date in the future (operator)',
  tag: 'operator',
  auth: 'operator',
  body: z.object({ end_date: z.iso.datetime({ offset: true }) }),
  status: 200,
  response: z.object({ end_date: z.string() }),
});

/** `npm run admin -- maintenance off`. */
export const endMaintenance = route({
  method: 'DELETE',
  path: '/operator/maintenance',
  summary: 'End maintenance (operator)',
  tag: 'operator',
  auth: 'operator',
  status: 204,
});

export const faq = z
  .object({ id: z.string(), category: z.string(), question: z.string(), answer: z.string() })
  .meta({ id: 'Faq' });

export type Faq = z.infer<typeof faq>;

/** The FAQs screen (`/v2/faqs`): every question with its category, in the order to show them. */
export const faqs = route({
  method: 'GET',
  path: '/public/data/faqs',
  summary: 'Frequently asked questions about buying on Loupe, by category',
  tag: 'portal',
  auth: false,
  status: 200,
  response: z.object({ faqs: z.array(faq) }),
});

/** The side bar's entries of spec §2, top to bottom; the web app renders them in this order. */
export const SIDE_BAR_KEYS = [
  'dashboard',
  'new_arrivals',
  'bid_to_buy',
  'trade_show',
  'search',
  'matching_pair',
  'layout',
  'bookmark',
  'my_cart',
  'your_orders',
  'my_appointments',
  'faqs',
] as const;

export type SideBarKey = (typeof SIDE_BAR_KEYS)[number];

export const sideBarItem = z
  .object({ key: z.enum(SIDE_BAR_KEYS), label: z.string(), path: z.string(), hidden: z.boolean() })
  .meta({ id: 'SideBarItem' });

export type SideBarItem = z.infer<typeof sideBarItem>;

export const sideBarConfig = route({
  method: 'GET',
  path: '/public/data/side_bar_config',
  summary: 'The side bar entries, top to bottom, with their labels, paths and whether each is hidden',
  tag: 'portal',
  auth: false,
  status: 200,
  response: z.object({ items: z.array(sideBarItem) }),
});
