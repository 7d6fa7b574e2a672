import {
  type ConfirmLine,
  confirmStones as confirmStonesRoute,
  confirmTimeCheck,
} from '@loupe/contract/confirmation';
import type { ResponseOf } from '@loupe/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshCustomer } from '../../../domain/customer/customer-cache';
import { markStones, refreshStones } from '../../../domain/stones/stones-on-screen';
import { call } from '../../../lib/api-client';
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
 * Stones the buyer just bought show as Sold at once, also where no query reloads them (the stone
 * id search kept in the session).
 */
export function useRefreshAfterConfirm() {
  const queryClient = useQueryClient();
  return useCallback(
    (boughtIds: readonly string[] = []) => {
      markStones(queryClient, boughtIds, { diamond_status: 'Sold', in_cart: false });
      void refreshStones(queryClient);
      void refreshCustomer(queryClient);
    },
    [queryClient],
  );
}
