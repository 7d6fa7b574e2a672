import {
  type ConfirmLine,
  confirmStones as confirmStonesRoute,
  confirmTimeCheck,
} from '@loupe/contract/confirmation';
import type { ResponseOf } from '@loupe/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api-client';
import { cartKeys, customerKeys, orderKeys, stockSearchKeys, stoneKeys } from '../../../lib/query-keys';
import { getStoneSearch, setStoneSearch } from '../../../lib/stone-search-store';
import type { ConfirmRequestPage } from '../request-page';

export type TimeCheck = ResponseOf<typeof confirmTimeCheck>;
export type Confirmation = ResponseOf<typeof confirmStonesRoute>;

/** Step 2: are these stones still the buyer's to confirm at the amounts shown? */
export function checkStones(variants: ConfirmLine[]): Promise<TimeCheck> {
  return call(confirmTimeCheck, { body: { variants } });
}

export function confirmStones(input: {
  variants: ConfirmLine[];
  comments: string;
  requestPage: ConfirmRequestPage;
}): Promise<Confirmation> {
  return call(confirmStonesRoute, {
    query: { request_page: input.requestPage },
    body: { variants: input.variants, comments: input.comments },
  });
}

export function useConfirmTimeCheck() {
  return useMutation({ mutationFn: checkStones });
}

export function useConfirmStones() {
  return useMutation({ mutationFn: confirmStones });
}

/**
 * Reloads whatever shows a stone's status or the customer's counts: results, details, cart, orders.
 * Stones the buyer just bought also turn Sold in the stone id search kept in the session, which no
 * query reloads.
 */
export function useRefreshAfterConfirm() {
  const queryClient = useQueryClient();
  return useCallback(
    (boughtIds: readonly string[] = []) => {
      markSoldInStoneSearch(boughtIds);
      for (const queryKey of [
        stoneKeys.all,
        stockSearchKeys.all,
        cartKeys.all,
        orderKeys.all,
        customerKeys.me(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient],
  );
}

function markSoldInStoneSearch(boughtIds: readonly string[]) {
  const search = getStoneSearch();
  const found = search?.resultPageData?.foundProducts;
  const bought = new Set(boughtIds);
  if (!search?.resultPageData || !found?.some((stone) => bought.has(stone.id))) return;
  setStoneSearch({
    ...search,
    resultPageData: {
      ...search.resultPageData,
      foundProducts: found.map((stone) =>
        bought.has(stone.id) ? { ...stone, diamond_status: 'Sold', in_cart: false } : stone,
      ),
    },
  });
}
