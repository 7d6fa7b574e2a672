/** Query keys, one factory per area (medusa's dashboard style). */
export const customerKeys = {
  all: ['customers'] as const,
  me: () => [...customerKeys.all, 'me'] as const,
  photo: (size: 32 | 128) => [...customerKeys.all, 'photo', size] as const,
};

export const authKeys = {
  all: ['auth'] as const,
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
};

export const publicDataKeys = {
  all: ['public'] as const,
  referralCodes: () => [...publicDataKeys.all, 'sales-person-referral-codes'] as const,
};

export const stoneKeys = {
  all: ['stones'] as const,
  byLot: (ids: readonly string[]) => [...stoneKeys.all, 'by-lot', ...ids] as const,
  traceability: (stoneId: string) => [...stoneKeys.all, 'traceability', stoneId] as const,
};

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: (filter: { name?: string; limit?: number } = {}) => [...savedSearchKeys.all, 'list', filter] as const,
};

export const stockSearchKeys = {
  all: ['stock-search'] as const,
  /** The live count (and tile counts) of the search form. */
  count: (filters: unknown, newArrivals = false) =>
    [...stockSearchKeys.all, 'count', { filters, newArrivals }] as const,
  /** Every stone of a result in one order (the grid pages through it). */
  result: (filters: unknown, sort: unknown, newArrivals = false) =>
    [...stockSearchKeys.all, 'result', { filters, sort, newArrivals }] as const,
};

export const columnPreferenceKeys = {
  all: ['column-preferences'] as const,
  mine: () => [...columnPreferenceKeys.all, 'me'] as const,
};

export const noticeKeys = {
  all: ['notices'] as const,
  list: () => [...noticeKeys.all, 'list'] as const,
  preferences: () => [...noticeKeys.all, 'preferences'] as const,
  webPushKey: () => [...noticeKeys.all, 'web-push-key'] as const,
};

export const cartKeys = {
  all: ['cart'] as const,
  /** Every stone of one tab of the cart, with the counts of all tabs. */
  tab: (tab: string) => [...cartKeys.all, 'tab', tab] as const,
};

export const orderKeys = {
  all: ['orders'] as const,
  /** One tab's list (or the dashboard's top rows) for one query. */
  list: (query: unknown) => [...orderKeys.all, 'list', query] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  memoOrders: () => [...orderKeys.all, 'memo-orders'] as const,
};
