import {
  getNotificationPreferences,
  getWebPushKey,
  type NotificationPreferences,
  updateNotificationPreferences,
} from '@loupe/contract/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { noticeKeys } from './query-keys';

export function useNotificationPreferences() {
  return useQuery({
    queryKey: noticeKeys.preferences(),
    queryFn: async () => (await call(getNotificationPreferences)).preferences,
  });
}

/** Switches follow the click at once; a refused save puts the previous preferences back. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: NotificationPreferences) =>
      (await call(updateNotificationPreferences, { body: preferences })).preferences,
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: noticeKeys.preferences() });
      const previous = queryClient.getQueryData<NotificationPreferences>(noticeKeys.preferences());
      queryClient.setQueryData(noticeKeys.preferences(), preferences);
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(noticeKeys.preferences(), context.previous);
    },
    onSuccess: (preferences) => queryClient.setQueryData(noticeKeys.preferences(), preferences),
  });
}

/** The VAPID public key, or null when the portal sends no web push. */
export async function fetchWebPushKey(): Promise<string | null> {
  return (await call(getWebPushKey)).vapid_public_key;
}

export function useWebPushKey(enabled = true) {
  return useQuery({
    queryKey: noticeKeys.webPushKey(),
    queryFn: fetchWebPushKey,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
