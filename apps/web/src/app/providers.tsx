import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-error';

/** How long an answer counts as fresh for a screen that mounts (or a window that regains focus). */
const JUST_FETCHED_MS = 1_000;

/** Client errors (4xx) are answers, not glitches: only network and server failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A screen mounting just after its data arrived (asked for early, on a fresh load: main.tsx)
      // shows it without asking again; anything older is asked again as before.
      queries: { retry: shouldRetry, refetchOnWindowFocus: true, staleTime: JUST_FETCHED_MS },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
