import { z } from 'zod';
import { CART_LIMITS } from './cart.ts';
import { route } from './route.ts';

/**
 * Confirming stones (domain-facts §5 "Confirm flow"): the buyer checks the stones are still theirs
 * to buy at the price on screen, then confirms them into one order. Both calls name each stone
 * with the amount the buyer was shown, so a price that moved in between is caught, never charged.
 */
export const CONFIRM_LIMITS = {
  maxStones: CART_LIMITS.maxStones,
  /** The buyer's comment, printed on the invoice (domain-facts §13). */
  commentLength: 1000,
} as const;

/** Where the confirmation was made; recorded on the order for sales. */
export const CONFIRM_REQUEST_PAGES = [
  'Searching',
  'DNA',
  'Matching-Pair-Details',
  'dashboard',
  'my-cart',
  'new-arrivals',
  'compare',
] as const;

export const confirmLine = z.object({
  /** The stone's id. */
  id: z.uuid(),
  /** The stone's total amount in USD as the buyer saw it. */
  amount: z.number().nonnegative().max(1e9),
});
export type ConfirmLine = z.infer<typeof confirmLine>;

const confirmLines = z
  .array(confirmLine)
  .min(1, 'Select at least one stone')
  .max(CONFIRM_LIMITS.maxStones, `Select at most ${CONFIRM_LIMITS.maxStones} stones`)
  .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, 'A stone is selected twice');

/** Why a stone cannot be confirmed now. */
export const UNAVAILABLE_REASONS = ['sold', 'hold', 'memo', 'price_changed', 'not_found'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export const stoneCheck = z
  .object({
    id: z.string(),
    lot_id: z.string().nullable(),
    status: z.enum(['available', 'unavailable']),
    /** null when available. */
    reason: z.enum(UNAVAILABLE_REASONS).nullable(),
    title: z.string(),
    message: z.string(),
    /** The amount the buyer sent, and the stone's amount now (null when it has none to show). */
    amount_seen: z.number(),
    amount_now: z.number().nullable(),
    location: z.string().nullable(),
  })
  .meta({ id: 'StoneCheck' });
export type StoneCheck = z.infer<typeof stoneCheck>;

/** The `details` of a 409 STONE_UNAVAILABLE or PRICE_CHANGED answer to confirm: the stones at fault. */
export const confirmConflictDetails = z.object({ stones: z.array(stoneCheck).min(1) });
export type ConfirmConflictDetails = z.infer<typeof confirmConflictDetails>;

export const confirmTimeCheck = route({
  method: 'POST',
  path: '/store/products/confirm-time-check',
  summary:
    'Check, stone by stone, that the selection can still be confirmed at the prices shown (approved KYC only)',
  tag: 'orders',
  auth: true,
  body: z.object({ variants: confirmLines }),
  status: 200,
  response: z.object({
    status: z.enum(['available', 'unavailable', 'some-available']),
    title: z.string(),
    message: z.string(),
    /** Keyed by stone id. */
    data: z.record(z.string(), stoneCheck),
    /**
     * Some stone sits at a location other than the KAM's: the screen shows the duties-and-delivery
     * disclaimer before confirming.
     */
    duties_disclaimer: z.boolean(),
    kam_location: z.string().nullable(),
  }),
});

export const confirmStones = route({
  method: 'POST',
  path: '/store/products/confirm',
  summary:
    'Confirm stones into one order at the prices shown, all or nothing (approved KYC only; 409 STONE_UNAVAILABLE or PRICE_CHANGED with every stone in details when any cannot be confirmed)',
  tag: 'orders',
  auth: true,
  query: z.object({ request_page: z.enum(CONFIRM_REQUEST_PAGES).default('Searching') }),
  body: z.object({
    variants: confirmLines,
    comments: z
      .string()
      .trim()
      .max(CONFIRM_LIMITS.commentLength, `A comment has at most ${CONFIRM_LIMITS.commentLength} characters`)
      .default(''),
  }),
  status: 200,
  response: z.object({
    status: z.literal('success'),
    title: z.string(),
    message: z.string(),
    order: z.object({ id: z.string(), display_id: z.number().int() }),
  }),
});
