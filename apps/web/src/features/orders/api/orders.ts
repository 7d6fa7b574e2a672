import {
  getInvoice,
  getOrder,
  listMemoOrders,
  listOrders,
  type MemoOrder,
  type Order,
} from '@loupe/contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { call, callBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { log } from '../../../lib/log';
import type { OrdersQuery } from '../order-tabs';
import { orderKeys } from './query-keys';

/** One tab's orders (newest first) and how many the tab holds. */
export function ordersQuery(query: OrdersQuery) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => call(listOrders, { query, signal }),
    meta: SHOWS_STONES,
  });
}

export function useOrders(query: OrdersQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...ordersQuery(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One order with its stones (prices as paid) and its status history. */
export function useOrder(orderId: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: async ({ signal }) =>
      (await call(getOrder, { params: { orderId: orderId! }, query: { expand: 'items,history' }, signal }))
        .order,
    enabled: orderId !== null,
    meta: SHOWS_STONES,
    retry: false,
  });
}

export function useMemoOrders() {
  return useQuery({
    queryKey: orderKeys.memoOrders(),
    queryFn: ({ signal }) => call(listMemoOrders, { query: {}, signal }),
    meta: SHOWS_STONES,
  });
}

/**
 * Download Invoice: the order's invoice PDF, saved as "LD-INV-000042.pdf". Answers false when it
 * failed; the failure is only logged (spec §8 "A failed Excel download is only logged") and the
 * screen says so in a short message.
 */
export async function downloadInvoice(order: Pick<Order, 'invoice'>): Promise<boolean> {
  const invoice = order.invoice;
  if (!invoice) return false;
  try {
    const blob = await callBlob(getInvoice, { params: { invoiceId: invoice.id } });
    if (!blob) {
      log.warn(`Download Invoice: invoice ${invoice.number} not found`);
      return false;
    }
    saveBlob(blob, `${invoice.number}.pdf`);
    return true;
  } catch (error) {
    log.warn('Download Invoice failed', error);
    return false;
  }
}

export type { MemoOrder, Order };
