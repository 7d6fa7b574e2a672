import { z } from 'zod';
import { CART_LIMITS, reservationRequest } from './cart.ts';
import { route } from './route.ts';
import { stone } from './stones.ts';

/**
 * Orders, invoices and memo orders (domain-facts §6). An order is what one confirmation made.
 * - status: pending (the sales team has it; shown as "Success"), requires_action ("Processing"),
 *   canceled ("Failed"), completed (delivered).
 * - invoice_status: pending until the sales team invoices the order, then available.
 * The tabs of /v2/my-orders: pendingInvoices = invoice_status pending; activeInvoices ("in
 * transit") = status pending and invoice_status available; invoicesHistory = status completed.
 */
export const ORDER_STATUSES = ['pending', 'requires_action', 'canceled', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const INVOICE_STATUSES = ['pending', 'available'] as const;
export const FULFILLMENT_STATUSES = ['not_shipped', 'shipped', 'delivered'] as const;

/** How the order request status reads on screen (domain-facts §6). */
export const ORDER_REQUEST_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Success',
  requires_action: 'Processing',
  canceled: 'Failed',
  completed: 'Completed',
};

export const ORDER_TABS = ['pendingInvoices', 'activeInvoices', 'invoicesHistory'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_LIMITS = {
  /** Orders per tab, and results of a keyword search (spec §9). */
  perTab: 50,
  keywordLength: 40,
} as const;

/** "000042": the order id as buyers and sales quote it. */
export function formatOrderId(displayId: number): string {
  return String(displayId).padStart(6, '0');
}

export const ORDER_EVENTS = ['confirmed', 'invoiced', 'shipped', 'delivered', 'canceled'] as const;

export const orderEvent = z
  .object({
    event: z.enum(ORDER_EVENTS),
    at: z.string(),
    /** E.g. the courier's tracking number, or why the order was canceled. */
    note: z.string().nullable(),
  })
  .meta({ id: 'OrderEvent' });

export const orderItem = z
  .object({
    id: z.string(),
    stone_id: z.string(),
    lot_id: z.string(),
    /** The stone as it was confirmed, with the prices paid. */
    product: stone,
    carats: z.number(),
    rap: z.number(),
    discount: z.number(),
    price_per_carat: z.number(),
    amount: z.number(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItem>;

export const invoiceSummary = z
  .object({ id: z.string(), number: z.string(), invoiced_at: z.string() })
  .meta({ id: 'InvoiceSummary' });

export const order = z
  .object({
    id: z.string(),
    display_id: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    invoice_status: z.enum(INVOICE_STATUSES),
    fulfillment_status: z.enum(FULFILLMENT_STATUSES),
    created_at: z.string(),
    comment: z.string(),
    request_page: z.string(),
    stone_count: z.number().int(),
    total_carats: z.number(),
    total_amount: z.number(),
    invoice: invoiceSummary.nullable(),
    tracking_number: z.string().nullable(),
    /** With `expand` naming items. */
    items: z.array(orderItem).optional(),
    /** With `expand` naming history: every change, oldest first. */
    history: z.array(orderEvent).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

/** `expand=items,history` (the peer's `items.variant.product` also means items). */
const expand = z
  .string()
  .max(200)
  .optional()
  .transform((value) => {
    const parts = (value ?? '').split(',').map((p) => p.trim());
    return {
      items: parts.some((p) => p === 'items' || p.startsWith('items.')),
      history: parts.includes('history'),
    };
  });

export const listOrders = route({
  method: 'GET',
  path: '/store/customers/me/orders',
  summary:
    "The customer's orders, newest first, filtered by invoice status, status, date and keyword (order id, invoice number or stock number; at most 50 results)",
  tag: 'orders',
  auth: true,
  query: z.object({
    invoice_status: z.enum(INVOICE_STATUSES).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    expand,
    'created_at[gte]': z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
    search_keyword: z.string().trim().max(ORDER_LIMITS.keywordLength).optional(),
    limit: z.coerce.number().int().min(1).max(ORDER_LIMITS.perTab).default(ORDER_LIMITS.perTab),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
  status: 200,
  response: z.object({ orders: z.array(order), count: z.number().int() }),
});

export const getOrder = route({
  method: 'GET',
  path: '/store/orders/:orderId',
  summary: 'One of the customer’s orders with its stones and history (404 for anyone else’s)',
  tag: 'orders',
  auth: true,
  params: z.object({ orderId: z.uuid() }),
  query: z.object({ expand }),
  status: 200,
  response: z.object({ order }),
});

export const getInvoice = route({
  method: 'GET',
  path: '/store/invoices/:invoiceId',
  summary: 'The invoice of one of the customer’s orders as a PDF (404 for anyone else’s)',
  tag: 'orders',
  auth: true,
  params: z.object({ invoiceId: z.uuid() }),
  status: 200,
});

export const MEMO_STATUSES = ['open', 'closed'] as const;
export const MEMO_ITEM_STATUSES = ['on_memo', 'returned', 'bought'] as const;

export const memoOrderItem = z
  .object({
    id: z.string(),
    stone_id: z.string(),
    lot_id: z.string(),
    product: stone,
    status: z.enum(MEMO_ITEM_STATUSES),
    amount: z.number(),
  })
  .meta({ id: 'MemoOrderItem' });

/** Stones the sales team sent the customer on memo (consignment), to return or buy by the due date. */
export const memoOrder = z
  .object({
    id: z.string(),
    memo_number: z.string(),
    status: z.enum(MEMO_STATUSES),
    issued_at: z.string(),
    due_at: z.string().nullable(),
    stone_count: z.number().int(),
    total_carats: z.number(),
    total_amount: z.number(),
    items: z.array(memoOrderItem),
  })
  .meta({ id: 'MemoOrder' });
export type MemoOrder = z.infer<typeof memoOrder>;

export const listMemoOrders = route({
  method: 'GET',
  path: '/store/customers/me/memo-orders',
  summary: "The customer's memo orders, newest first",
  tag: 'orders',
  auth: true,
  query: z.object({
    status: z.enum(MEMO_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(ORDER_LIMITS.perTab).default(ORDER_LIMITS.perTab),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
  status: 200,
  response: z.object({ memo_orders: z.array(memoOrder), count: z.number().int() }),
});

/** The order as buyers quote its id ("000042", "42", "#42"), or its uuid. */
const operatorOrderParams = z.object({ orderId: z.string().trim().min(1).max(40) });

const orderStepDone = z.object({
  /** The order id as buyers quote it, e.g. "000042". */
  order_id: z.string(),
  customer_email: z.string(),
});

/** `npm run admin -- order invoice`: the invoice LD-INV-<order id>; the buyer is told (operator). */
export const invoiceOrder = route({
  method: 'POST',
  path: '/operator/orders/:orderId/invoice',
  summary: 'Invoice an order; the buyer may then download the invoice (operator)',
  tag: 'operator',
  auth: 'operator',
  params: operatorOrderParams,
  status: 200,
  response: orderStepDone.extend({ invoice_number: z.string() }),
});

export const shipOrder = route({
  method: 'POST',
  path: '/operator/orders/:orderId/ship',
  summary: 'Mark an invoiced order shipped, with the courier’s tracking number if there is one (operator)',
  tag: 'operator',
  auth: 'operator',
  params: operatorOrderParams,
  body: z.object({
    tracking_number: z
      .string()
      .trim()
      .max(100)
      .regex(/^\S+$/, 'Give the tracking number as one word of at most 100 characters.')
      .nullable()
      .optional(),
  }),
  status: 200,
  response: orderStepDone.extend({ tracking_number: z.string().nullable() }),
});

export const deliverOrder = route({
  method: 'POST',
  path: '/operator/orders/:orderId/deliver',
  summary: 'Mark a shipped order delivered (operator)',
  tag: 'operator',
  auth: 'operator',
  params: operatorOrderParams,
  status: 200,
  response: orderStepDone,
});

export const cancelOrder = route({
  method: 'POST',
  path: '/operator/orders/:orderId/cancel',
  summary: 'Cancel an order not yet invoiced; its stones go back to stock (operator)',
  tag: 'operator',
  auth: 'operator',
  params: operatorOrderParams,
  body: z.object({ reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional() }),
  status: 200,
  response: orderStepDone.extend({ stones_back_in_stock: z.number().int() }),
});

/** `npm run admin -- memo issue`: stones to a customer on memo, a memo order, and into their cart. */
export const issueMemo = route({
  method: 'POST',
  path: '/operator/memos',
  summary:
    'Send stones to a customer with approved KYC on memo (due in 14 days unless told); every stone must be free, or nothing changes (operator)',
  tag: 'operator',
  auth: 'operator',
  body: reservationRequest,
  status: 200,
  response: z.object({
    memo_number: z.string(),
    customer_email: z.string(),
    lot_ids: z.array(z.string()),
    due_at: z.string(),
    not_in_cart: z.array(z.string()),
  }),
});

/** `npm run admin -- stone release`: holds end and memo stones come back; available to every buyer. */
export const releaseStones = route({
  method: 'POST',
  path: '/operator/stones/release',
  summary: 'End holds and take stones back from memo; each stone must be on hold or on memo (operator)',
  tag: 'operator',
  auth: 'operator',
  body: z.object({
    lot_ids: z.array(z.string().trim().min(1).max(64)).min(1).max(CART_LIMITS.maxStones),
  }),
  status: 200,
  response: z.object({ hold_released: z.array(z.string()), back_from_memo: z.array(z.string()) }),
});
