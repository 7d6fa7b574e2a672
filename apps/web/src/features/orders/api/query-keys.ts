export const orderKeys = {
  all: ['orders'] as const,
  /** One tab's list (or the dashboard's top rows) for one query. */
  list: (query: unknown) => [...orderKeys.all, 'list', query] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  memoOrders: () => [...orderKeys.all, 'memo-orders'] as const,
};
