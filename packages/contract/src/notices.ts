import { z } from 'zod';
import { route } from './route.ts';

/**
 * Where a notice leads (spec §3: target_page is "page:subtab"). Each prefix names a screen and the
 * query parameter that selects its tab; the sub-tabs are those the screens know (spec §2,
 * domain-facts §13). A prefix alone opens the screen on its default tab.
 */
const bidTabs = ['bidStone', 'activeBid', 'bidHistory'] as const;
const orderTabs = ['pendingInvoices', 'activeInvoices', 'invoicesHistory'] as const;

export const NOTICE_TARGETS = {
  'my-cart': { route: '/v2/my-cart', param: 'path', subtabs: ['active', 'memo', 'hold', 'sold'] },
  appointment: {
    route: '/v2/my-appointments',
    param: 'path',
    subtabs: ['upcomingAppointments', 'pastAppointments'],
  },
  'bid-to-buy': { route: '/v2/bid-2-buy', param: 'path', subtabs: bidTabs },
  'new-arrival': { route: '/v2/new-arrivals', param: 'path', subtabs: bidTabs },
  'your-orders': { route: '/v2/my-orders', param: 'path', subtabs: orderTabs },
  'my-orders': { route: '/v2/my-orders', param: 'path', subtabs: orderTabs },
  'my-account': {
    route: '/v2/my-account',
    param: 'path',
    subtabs: ['profile', 'change-password', 'notification-preferences'],
  },
  /** Search tabs: new-search, saved-search or result-{n}. */
  search: { route: '/v2/search', param: 'active-tab', subtabs: ['new-search', 'saved-search'] },
  home: { route: '/v2', param: null, subtabs: [] },
  dashboard: { route: '/v2', param: null, subtabs: [] },
} as const satisfies Record<
  string,
  { route: string; param: 'path' | 'active-tab' | null; subtabs: readonly string[] }
>;

export type NoticeTargetPrefix = keyof typeof NOTICE_TARGETS;

function isPrefix(value: string): value is NoticeTargetPrefix {
  return Object.hasOwn(NOTICE_TARGETS, value);
}

/** The screen address of a target page, e.g. "my-cart:hold" → "/v2/my-cart?path=hold"; null when unknown. */
export function targetPageHref(targetPage: string | null | undefined): string | null {
  if (!targetPage) return null;
  const [prefix = '', subtab, ...rest] = targetPage.split(':');
  if (rest.length > 0 || !isPrefix(prefix)) return null;
  const target = NOTICE_TARGETS[prefix];
  if (subtab === undefined || subtab === '') return target.route;
  const known =
    (target.subtabs as readonly string[]).includes(subtab) ||
    (prefix === 'search' && /^result-[1-9]\d?$/.test(subtab));
  if (!known || target.param === null) return null;
  return `${target.route}?${target.param}=${encodeURIComponent(subtab)}`;
}

export const notice = z
  .object({
    id: z.string(),
    title: z.string(),
    message: z.string(),
    icon_url: z.string().nullable(),
    created_at: z.string(),
    /** Set when the customer opened the bell while the notice was there. */
    seen_at: z.string().nullable(),
    /** Set by a click on the notice or "Mark all as read". */
    read_at: z.string().nullable(),
    target_page: z.string().nullable(),
  })
  .meta({ id: 'Notice' });
export type Notice = z.infer<typeof notice>;

export const NOTICE_PAGE_SIZE = 50;

export const listNotices = route({
  method: 'GET',
  path: '/store/customers/me/notices',
  summary: "The customer's notices, newest first, with the number not yet seen",
  tag: 'notices',
  auth: true,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(NOTICE_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
  status: 200,
  response: z.object({
    notices: z.array(notice),
    count: z.number().int(),
    unseen_count: z.number().int(),
  }),
});

export const markNoticesSeen = route({
  method: 'POST',
  path: '/store/customers/me/notices/seen',
  summary: 'Mark notices as seen (the bell was opened); 404 when one is not the customer’s',
  tag: 'notices',
  auth: true,
  body: z.object({ notice_ids: z.array(z.uuid('Each notice id must be a UUID')).min(1).max(500) }),
  status: 200,
  response: z.object({ unseen_count: z.number().int() }),
});

export const readNotice = route({
  method: 'GET',
  path: '/store/customers/me/notices/read/:noticeId',
  summary: 'Mark one notice as read (a click on it) and answer it',
  tag: 'notices',
  auth: true,
  params: z.object({ noticeId: z.uuid('The notice id must be a UUID') }),
  status: 200,
  response: z.object({ notice }),
});

export const readAllNotices = route({
  method: 'PUT',
  path: '/store/customers/me/notices/read-all',
  summary: 'Mark every notice as read ("Mark all as read")',
  tag: 'notices',
  auth: true,
  status: 204,
});

export const notificationType = z.enum(['All', 'Important']);

/** Domain-facts §9: All or Important Only, and the Web, Mobile and Email channels. */
export const notificationPreferences = z
  .object({
    type: notificationType,
    platforms: z.object({ web: z.boolean(), mobile: z.boolean(), email: z.boolean() }).strict(),
  })
  .strict()
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const getNotificationPreferences = route({
  method: 'GET',
  path: '/store/customers/me/notification-preferences',
  summary: 'Which notices the customer wants, and where',
  tag: 'notices',
  auth: true,
  status: 200,
  response: z.object({ preferences: notificationPreferences }),
});

export const updateNotificationPreferences = route({
  method: 'PUT',
  path: '/store/customers/me/notification-preferences',
  summary: 'Set the notification preferences; later notices follow them',
  tag: 'notices',
  auth: true,
  body: notificationPreferences,
  status: 200,
  response: z.object({ preferences: notificationPreferences }),
});

/** The VAPID public key browsers subscribe with; null when web push is not configured. */
export const getWebPushKey = route({
  method: 'GET',
  path: '/public/data/web-push-key',
  summary: 'The Web Push (VAPID) public key, or null when push is off',
  tag: 'notices',
  auth: false,
  status: 200,
  response: z.object({ vapid_public_key: z.string().nullable() }),
});

/** What the push-notification service worker receives (spec §7 "push-notification service script"). */
export const webPushPayload = z.object({
  notice_id: z.string(),
  title: z.string(),
  message: z.string(),
  icon_url: z.string().nullable(),
  /** Where a click on the browser notification leads. */
  url: z.string(),
});
export type WebPushPayload = z.infer<typeof webPushPayload>;

export const saveDeviceUuid = route({
  method: 'POST',
  path: '/store/customers/me/save-device-uuid',
  summary: 'Save this device for push notifications',
  tag: 'customers',
  auth: true,
  body: z.object({
    device_uuid: z.string().trim().min(1).max(200),
    /** A standard Web Push subscription (endpoint and keys), when the browser gave one. */
    push_subscription: z
      .object({
        endpoint: z.url().max(2000),
        keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
      })
      .nullable()
      .optional(),
  }),
  status: 204,
});

/** `npm run admin -- notice send`: a notice the sales team writes to one customer. */
export const sendNotice = route({
  method: 'POST',
  path: '/operator/customers/:email/notices',
  summary: 'Send a customer a notice: in the bell, and by the channels their preferences allow (operator)',
  tag: 'operator',
  auth: 'operator',
  params: z.object({ email: z.string().trim().min(3).max(254) }),
  body: z.object({
    title: z.string().max(2000),
    message: z.string().max(2000),
    /** "page" or "page:subtab" of NOTICE_TARGETS, e.g. my-cart:hold. */
    target_page: z.string().max(100).nullable().optional(),
  }),
  status: 201,
  response: z.object({
    notice_id: z.string(),
    customer_email: z.string(),
    /** The channels besides the bell; empty when the customer turned them off. */
    channels: z.array(z.enum(['web', 'mobile', 'email'])),
  }),
});
