import { z } from 'zod';
import { route } from './route.ts';
import { STOCK_LIMITS } from './stone-vocabulary.ts';
import { stone } from './stones.ts';

/**
 * The cart (spec §7, domain-facts §5). A cart holds stones, not quantities: each stone is unique.
 * The tab a stone sits in follows its status now, not when it was added:
 * - active: Available and BidToBuy stones;
 * - hold / memo: stones on hold or on memo, with a reservation saying whether it is for this
 *   customer (who may then confirm it) or for someone else (who may not);
 * - sold: stones sold to someone else since they were added (stones the customer confirmed leave
 *   the cart in the same transaction as their order).
 */
export const CART_TABS = ['active', 'memo', 'hold', 'sold'] as const;
export type CartTab = (typeof CART_TABS)[number];

export const CART_LIMITS = {
  /** Stones one cart holds (domain-facts §13 "Add to cart: 300"). */
  maxStones: STOCK_LIMITS.addToCartMax,
  pageSizeDefault: STOCK_LIMITS.pageSizeDefault,
  pageSizeMax: STOCK_LIMITS.pageSizeMax,
} as const;

/** A stone put aside for a customer by the sales team: on hold until a date, or on memo (consignment). */
export const reservation = z
  .object({
    kind: z.enum(['hold', 'memo']),
    /** Reserved for the customer asking; a stone held for someone else says false. */
    for_you: z.boolean(),
    /** When the hold lapses or the memo is due back; null when open-ended. */
    until: z.string().nullable(),
  })
  .meta({ id: 'Reservation' });
export type Reservation = z.infer<typeof reservation>;

export const cartItem = z
  .object({
    /** The cart item's id (DELETE takes these), not the stone's. */
    id: z.string(),
    added_at: z.string(),
    tab: z.enum(CART_TABS),
    /** The stone as it is now; money is null without approved KYC. */
    product: stone,
    reservation: reservation.nullable(),
    /** This customer may confirm the stone now: it is active, or on hold or memo for them. */
    can_confirm: z.boolean(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof cartItem>;

export const cartCounts = z.object({
  active: z.number().int(),
  memo: z.number().int(),
  hold: z.number().int(),
  sold: z.number().int(),
});
export type CartCounts = z.infer<typeof cartCounts>;

/** Totals of every stone in one tab (not only the page); null when prices are withheld (no KYC). */
export const cartTotals = z
  .object({
    pieces: z.number().int(),
    carats: z.number(),
    amount: z.number(),
    rap_value: z.number(),
    /** (Σamount ÷ Σrap_value − 1) × 100, 2 decimals. */
    avg_discount: z.number(),
    /** Σamount ÷ Σcarats, cents. */
    avg_price_per_carat: z.number(),
  })
  .meta({ id: 'CartTotals' });
export type CartTotals = z.infer<typeof cartTotals>;

const stoneIds = z
  .array(z.uuid())
  .min(1, 'Select at least one stone')
  .max(CART_LIMITS.maxStones, `Select at most ${CART_LIMITS.maxStones} stones`);

export const addToCart = route({
  method: 'POST',
  path: '/store/customers/me/cart',
  summary:
    'Add stones to the cart (at most 300 in the cart: more answers 400 CART_LIMIT_REACHED and adds nothing)',
  tag: 'cart',
  auth: true,
  body: z.object({ variants: stoneIds }),
  status: 200,
  response: z.object({
    /** Stone ids newly in the cart. */
    added: z.array(z.string()),
    /** Stone ids that were in the cart already. */
    already_in_cart: z.array(z.string()),
    /** Stone ids that are sold and were not added. */
    unavailable: z.array(z.string()),
    /** Stones in the cart now, every tab. */
    count: z.number().int(),
  }),
});

export const getCart = route({
  method: 'GET',
  path: '/store/customers/me/cart',
  summary: "One tab of the customer's cart, a page at a time, newest first, with every tab's count",
  tag: 'cart',
  auth: true,
  query: z.object({
    tab: z.enum(CART_TABS).default('active'),
    /** 1-based page number. */
    page: z.coerce.number().int().min(1).max(100).default(1),
    limit: z.coerce.number().int().min(1).max(CART_LIMITS.pageSizeMax).default(CART_LIMITS.pageSizeDefault),
  }),
  status: 200,
  response: z.object({
    items: z.array(cartItem),
    /** Items in this tab. */
    count: z.number().int(),
    counts: cartCounts,
    totals: cartTotals.nullable(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});

export const removeFromCart = route({
  method: 'DELETE',
  path: '/store/customers/me/cart',
  summary: 'Remove items from the cart by cart item id; ids that are not in this cart are ignored',
  tag: 'cart',
  auth: true,
  body: z.object({ items: stoneIds }),
  status: 200,
  response: z.object({ deleted: z.number().int(), count: z.number().int() }),
});

/** How long the sales team puts stones aside: a hold 2 days and a memo 14 unless told, a year at most. */
export const RESERVATION_LIMITS = { defaultHoldDays: 2, defaultMemoDays: 14, maxDays: 365 } as const;

/**
 * Stones the sales team puts aside for a customer (a hold, a memo): by stock number, until
 * `until`, or for `days` from now, or for the default time of the kind.
 */
export const reservationRequest = z
  .object({
    email: z.string().trim().min(3).max(254),
    lot_ids: z.array(z.string().trim().min(1).max(64)).min(1).max(CART_LIMITS.maxStones),
    days: z.number().int().min(1).max(RESERVATION_LIMITS.maxDays).optional(),
    until: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((r) => r.days === undefined || r.until === undefined, {
    message: 'Give either days or until, not both',
    path: ['until'],
  });

/** `npm run admin -- stone hold`: stones on hold for a customer, and in their cart as far as it has room. */
export const holdStones = route({
  method: 'POST',
  path: '/operator/holds',
  summary:
    'Put stones on hold for a customer and in their cart, with a notice; every stone must be free, or nothing changes (operator)',
  tag: 'operator',
  auth: 'operator',
  body: reservationRequest,
  status: 200,
  response: z.object({
    customer_email: z.string(),
    lot_ids: z.array(z.string()),
    until: z.string(),
    /** Held, but not put in the cart: it was full. */
    not_in_cart: z.array(z.string()),
  }),
});
