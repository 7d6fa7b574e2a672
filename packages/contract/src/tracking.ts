import { z } from 'zod';
import { route } from './route.ts';
import { STOCK_LIMITS } from './stone-vocabulary.ts';

/** Buyer actions sales follows (spec §7 "Tracking") and the registration funnel. */

export const SHARE_CHANNELS = ['copy', 'email', 'whatsapp'] as const;

export const trackShare = route({
  method: 'POST',
  path: '/track/share-button',
  summary: 'Record that stones were shared',
  tag: 'tracking',
  auth: true,
  body: z.object({
    channel: z.enum(SHARE_CHANNELS),
    stone_ids: z.array(z.string().max(64)).min(1).max(STOCK_LIMITS.addToCartMax),
    attributes: z.array(z.string().max(40)).max(40).default([]),
    page: z.string().max(60).optional(),
  }),
  status: 204,
});

export const trackCopyUrl = route({
  method: 'GET',
  path: '/track/stone/copy-url/:url',
  summary: "Record that a stone's public link was copied",
  tag: 'tracking',
  auth: true,
  params: z.object({ url: z.string().min(1).max(2000) }),
  status: 204,
});

export const registrationFunnel = route({
  method: 'GET',
  path: '/registration-funnel',
  summary: 'Record a step of the registration funnel',
  tag: 'tracking',
  auth: false,
  query: z.object({
    funnel_step: z.string().trim().min(1).max(60),
    session_id: z.string().trim().min(1).max(100),
    entry_point: z.string().trim().max(60).optional(),
    mobile_number: z.string().trim().max(20).optional(),
    status: z.string().trim().max(30).optional(),
  }),
  status: 204,
});

/** The events a page reports without a login (the marketing funnel): lower-case words. */
export const TRACK_EVENT_NAME = /^[a-z][a-z0-9_-]{0,59}$/;

export const eventTrack = route({
  method: 'GET',
  path: '/event-track/:event',
  summary: 'Record that an anonymous visitor reached a step (no token, nothing personal kept)',
  tag: 'tracking',
  auth: false,
  params: z.object({
    event: z.string().regex(TRACK_EVENT_NAME, 'Lower-case letters, digits, "_" or "-", at most 60'),
  }),
  status: 204,
});

/** A page visit longer than a day is a tab left open, not time spent. */
export const MAX_SECONDS_ON_PAGE = 86_400;

export const logTimeSpent = route({
  method: 'POST',
  path: '/track/page/log-time-spent',
  summary: 'Record how long the customer spent on a page',
  tag: 'tracking',
  auth: true,
  body: z
    .object({
      page: z.string().trim().min(1).max(200),
      seconds: z.number().int().min(1).max(MAX_SECONDS_ON_PAGE),
    })
    .strict(),
  status: 204,
});
