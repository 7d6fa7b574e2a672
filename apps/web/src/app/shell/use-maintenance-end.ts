import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshCustomer } from '../../domain/customer/customer-cache';

/** Asked for this long after the end, so the server's clock has passed it too. */
const PAST_END_MS = 1_000;
/** While the server still answers the end this browser's clock has passed (a clock ahead). */
const ASK_AGAIN_MS = 5_000;
/** setTimeout's longest wait is 24.8 days; a longer maintenance wakes once a day and waits on. */
const LONGEST_WAIT_MS = 86_400_000;

/**
 * Takes the shell out of the maintenance view when its end arrives, without a reload: the
 * customer is asked for again just after `end_date`, and the server then answers no maintenance
 * (spec §4). While the answer still names the end (this browser's clock is ahead of the
 * server's), it asks again every few seconds.
 */
export function useMaintenanceEnd(endDate: string | null) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!endDate) return;
    const end = Date.parse(endDate);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const wait = () => {
      const left = end - Date.now();
      if (left > LONGEST_WAIT_MS) {
        timer = setTimeout(wait, LONGEST_WAIT_MS);
        return;
      }
      timer = setTimeout(
        async () => {
          // An answer with another end (or none) replaces this effect; the same end waits again.
          await refreshCustomer(queryClient);
          if (!stopped) wait();
        },
        left > 0 ? left + PAST_END_MS : ASK_AGAIN_MS,
      );
    };
    wait();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [endDate, queryClient]);
}
