import {
  addToCart,
  CART_LIMITS,
  type CartCounts,
  type CartItem,
  type CartTab,
  getCart,
  removeFromCart,
} from '@loupe/contract/cart';
import type { Stone } from '@loupe/contract/stones';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { cartKeys, customerKeys, stockSearchKeys, stoneKeys } from '../../../lib/query-keys';
import { getStoneSearch, setStoneSearch } from '../../../lib/stone-search-store';

export interface CartTabData {
  items: CartItem[];
  counts: CartCounts;
}

/** Every item of one tab (a cart holds at most 300 stones: one page, a few at most). */
export async function fetchCartTab(tab: CartTab, signal?: AbortSignal): Promise<CartTabData> {
  const limit = CART_LIMITS.pageSizeMax;
  const items: CartItem[] = [];
  let counts: CartCounts = { active: 0, memo: 0, hold: 0, sold: 0 };
  for (let page = 1; ; page += 1) {
    const answer = await call(getCart, { query: { tab, page, limit }, signal });
    counts = answer.counts;
    items.push(...answer.items);
    if (answer.items.length < limit || items.length >= answer.count) break;
  }
  return { items, counts };
}

export function useCartTab(tab: CartTab) {
  return useQuery({
    queryKey: cartKeys.tab(tab),
    queryFn: ({ signal }) => fetchCartTab(tab, signal),
    // A stone's tab follows its status now (a hold lapses, a stone sells): ask again on every visit.
    staleTime: 0,
  });
}

function withCartMark(stone: Stone, ids: ReadonlySet<string>, inCart: boolean): Stone {
  return ids.has(stone.id) && stone.in_cart !== inCart ? { ...stone, in_cart: inCart } : stone;
}

/**
 * The "In Cart" colour of stones already on screen, set without fetching the results again:
 * search results, new arrivals, stone detail pages and the stone id search kept in the session.
 */
export function markInCart(queryClient: QueryClient, stoneIds: readonly string[], inCart: boolean) {
  if (stoneIds.length === 0) return;
  const ids = new Set(stoneIds);
  queryClient.setQueriesData<{ count: number; stones: Stone[] }>(
    { queryKey: [...stockSearchKeys.all, 'result'] },
    (data) => (data ? { ...data, stones: data.stones.map((s) => withCartMark(s, ids, inCart)) } : data),
  );
  queryClient.setQueriesData<Stone[]>({ queryKey: [...stoneKeys.all, 'by-lot'] }, (data) =>
    Array.isArray(data) ? data.map((s) => withCartMark(s, ids, inCart)) : data,
  );
  const search = getStoneSearch();
  const found = search?.resultPageData?.foundProducts;
  if (search?.resultPageData && found?.some((stone) => ids.has(stone.id))) {
    setStoneSearch({
      ...search,
      resultPageData: {
        ...search.resultPageData,
        foundProducts: found.map((s) => withCartMark(s, ids, inCart)),
      },
    });
  }
}

/** After the cart changed: its tabs and the customer's cart count (dashboard card) are stale. */
function refreshCart(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: cartKeys.all });
  void queryClient.invalidateQueries({ queryKey: customerKeys.me() });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stoneIds: readonly string[]) => call(addToCart, { body: { variants: [...stoneIds] } }),
    onSuccess: (answer) => {
      markInCart(queryClient, [...answer.added, ...answer.already_in_cart], true);
      refreshCart(queryClient);
    },
  });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: readonly CartItem[]) =>
      call(removeFromCart, { body: { items: items.map((item) => item.id) } }),
    onSuccess: (_answer, items) => {
      markInCart(
        queryClient,
        items.map((item) => item.product.id),
        false,
      );
      refreshCart(queryClient);
    },
  });
}
