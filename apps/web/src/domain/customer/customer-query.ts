import { useQuery } from '@tanstack/react-query';
import { customerKeys, fetchCustomer } from './customer-cache';

interface AnsweredAt {
  state: { dataUpdatedAt: number };
}

/**
 * The current customer (customer-cache.ts). The shell asks with `refetchOnMount: 'always'` so a
 * page load or a return to the app shows fresh counts; other readers share the cached copy.
 */
export function useCustomer(
  options: { refetchOnMount?: boolean | 'always' | ((query: AnsweredAt) => boolean | 'always') } = {},
) {
  return useQuery({
    queryKey: customerKeys.me(),
    queryFn: fetchCustomer,
    staleTime: 30_000,
    refetchOnMount: options.refetchOnMount ?? true,
  });
}

/**
 * The shell's `refetchOnMount`: ask again, unless the customer was answered within the last second
 * (a fresh load asks for it while the shell's code loads, main.tsx; a login answers it).
 */
export function unlessJustAnswered(query: AnsweredAt): boolean | 'always' {
  return Date.now() - query.state.dataUpdatedAt < 1_000 ? true : 'always';
}
