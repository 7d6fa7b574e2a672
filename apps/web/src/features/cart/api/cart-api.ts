import {
  addToCart,
  CART_LIMITS,
  type CartCounts,
  type CartItem,
  type CartTab,
  getCart,
  removeFromCart,
} from '@loupe/contract/cart';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshCustomer } from '../../../domain/customer/customer-cache';
import { markStones, SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { call } from '../../../lib/api-client';
import { cartKeys } from './query-keys';

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
    meta: SHOWS_STONES,
    // A stone's tab follows its status now (a hold lapses, a stone sells): ask again on every visit.
    staleTime: 0,
  });
}

/** After the cart changed: its tabs and the customer's cart count (dashboard card) are stale. */
function refreshCart(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: cartKeys.all });
  void refreshCustomer(queryClient);
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stoneIds: readonly string[]) => call(addToCart, { body: { variants: [...stoneIds] } }),
    onSuccess: (answer) => {
      // The "In Cart" colour of the stones already on screen, without fetching the results again.
      markStones(queryClient, [...answer.added, ...answer.already_in_cart], { in_cart: true });
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
      markStones(
        queryClient,
        items.map((item) => item.product.id),
        { in_cart: false },
      );
      refreshCart(queryClient);
    },
  });
}
