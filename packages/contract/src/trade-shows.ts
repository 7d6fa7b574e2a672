import { z } from 'zod';
import { route } from './route.ts';

/**
 * Trade shows (spec §1 "visit a trade-show area", §2 `/v2/trade-show` and `/v2/event`, §7): the
 * shows the sales team puts on (`npm run admin -- trade-show create`), meeting requests of the
 * customers who will be there, and the stones on show (`usa_event`).
 */

export const TRADE_SHOW_LIMITS = {
  nameLength: 80,
  cityLength: 60,
  boothLength: 40,
  commentLength: 1000,
  /** Stones named in one meeting request. */
  maxStones: 100,
} as const;

const isoDate = z.iso.datetime({ offset: true });

export const tradeShow = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    booth: z.string().nullable(),
    flag_image: z.string().nullable(),
    /** The stock location of the stones on show (the `usa_event` stones: USA). */
    location: z.string(),
    /** `upcoming` until the start, `running` until the end; ended shows are not shown. */
    status: z.enum(['upcoming', 'running']),
  })
  .meta({ id: 'TradeShow' });

export type TradeShow = z.infer<typeof tradeShow>;

/** The show a customer may visit now or next, null when none is planned (or hidden for them). */
export const getTradeShow = route({
  method: 'GET',
  path: '/store/trade-show',
  summary: 'The trade show I may visit: running now, else the next one',
  tag: 'trade-shows',
  auth: true,
  status: 200,
  response: z.object({ trade_show: tradeShow.nullable() }),
});

export const meetingRequest = z
  .object({
    id: z.string(),
    trade_show: tradeShow.pick({ id: true, name: true, city: true, starts_at: true, ends_at: true }),
    /** Lot ids of the stones the customer wants to see at the booth. */
    stones: z.array(z.string()),
    comment: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'TradeShowMeetingRequest' });

export type MeetingRequest = z.infer<typeof meetingRequest>;

/** "The requests I made", newest first. */
export const listMeetingRequests = route({
  method: 'GET',
  path: '/store/trade-show/requested',
  summary: 'My meeting requests for trade shows, newest first',
  tag: 'trade-shows',
  auth: true,
  status: 200,
  response: z.object({ requests: z.array(meetingRequest) }),
});

export const meetingRequestBody = z.object({
  trade_show_id: z.uuid({ message: 'Choose a trade show.' }),
  stones: z
    .array(z.string().trim().min(1).max(64))
    .max(TRADE_SHOW_LIMITS.maxStones, `Name at most ${TRADE_SHOW_LIMITS.maxStones} stones.`)
    .optional(),
  comment: z.string().trim().max(TRADE_SHOW_LIMITS.commentLength).optional(),
});

/** "Request a meeting" at the booth; the KAM (or the sales desk) hears of it by email. */
export const requestMeeting = route({
  method: 'POST',
  path: '/store/trade-show/request',
  summary: 'Request a meeting at a trade show, optionally naming stones to see (201)',
  tag: 'trade-shows',
  auth: true,
  body: meetingRequestBody,
  status: 201,
  response: z.object({ request: meetingRequest }),
});

/** `npm run admin -- trade-show create <name> <city> <ISO start> <ISO end> [flag image]`. */
export const createTradeShow = route({
  method: 'POST',
  path: '/operator/trade-shows',
  summary: 'Put on a trade show (operator)',
  tag: 'operator',
  auth: 'operator',
  body: z.object({
    name: z.string().trim().min(1).max(TRADE_SHOW_LIMITS.nameLength),
    city: z.string().trim().min(1).max(TRADE_SHOW_LIMITS.cityLength),
    starts_at: isoDate,
    ends_at: isoDate,
    flag_image: z.string().trim().min(1).max(500).optional(),
    booth: z.string().trim().min(1).max(TRADE_SHOW_LIMITS.boothLength).optional(),
    location: z.string().trim().min(2).max(16).optional(),
  }),
  status: 201,
  response: z.object({ trade_show: tradeShow }),
});

/** `npm run admin -- trade-show cancel <id>`: the show and its meeting requests go. */
export const cancelTradeShow = route({
  method: 'DELETE',
  path: '/operator/trade-shows/:tradeShowId',
  summary: 'Call off a trade show and drop its meeting requests (operator)',
  tag: 'operator',
  auth: 'operator',
  params: z.object({ tradeShowId: z.uuid() }),
  status: 200,
  response: z.object({ id: z.string(), name: z.string(), requests_dropped: z.number().int() }),
});
