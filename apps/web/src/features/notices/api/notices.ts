import { listNotices, markNoticesSeen, readAllNotices, readNotice } from '@loupe/contract/notices';
import type { ResponseOf } from '@loupe/contract/route';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { noticeKeys } from './query-keys';

export type NoticeList = ResponseOf<typeof listNotices>;

export function fetchNotices(): Promise<NoticeList> {
  return call(listNotices, { query: { limit: 50 } });
}

/** The bell's notices and unseen count; the realtime connection invalidates them (spec §4). */
export function useNotices(enabled = true) {
  return useQuery({ queryKey: noticeKeys.list(), queryFn: fetchNotices, enabled, staleTime: 60_000 });
}

/**
 * Applies a state change to the cached list at once, so the badge and the rows follow the click;
 * the server's answer or the next realtime event brings the authoritative list.
 */
function markInCache(queryClient: QueryClient, ids: Set<string> | 'all', read: boolean) {
  const now = new Date().toISOString();
  queryClient.setQueryData<NoticeList>(noticeKeys.list(), (list) => {
    if (!list) return list;
    let newlySeen = 0;
    const notices = list.notices.map((n) => {
      if (ids !== 'all' && !ids.has(n.id)) return n;
      if (!n.seen_at) newlySeen += 1;
      return { ...n, seen_at: n.seen_at ?? now, read_at: read ? (n.read_at ?? now) : n.read_at };
    });
    const unseen = ids === 'all' ? 0 : Math.max(0, list.unseen_count - newlySeen);
    return { ...list, notices, unseen_count: unseen };
  });
}

/** Opening the bell marks every unseen notice seen (spec §4). */
export function useMarkNoticesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeIds: string[]) => call(markNoticesSeen, { body: { notice_ids: noticeIds } }),
    onMutate: (noticeIds) => markInCache(queryClient, new Set(noticeIds), false),
    onError: (error) => {
      log.warn('Marking notices seen failed', error);
      void queryClient.invalidateQueries({ queryKey: noticeKeys.list() });
    },
  });
}

/** A click on a notice marks it read; a failure is only logged (spec §8). */
export function useReadNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: string) => call(readNotice, { params: { noticeId } }),
    onMutate: (noticeId) => markInCache(queryClient, new Set([noticeId]), true),
    onError: (error) => {
      log.warn('Marking a notice read failed', error);
      void queryClient.invalidateQueries({ queryKey: noticeKeys.list() });
    },
  });
}

/** "Mark all as read". */
export function useReadAllNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(readAllNotices),
    onMutate: () => markInCache(queryClient, 'all', true),
    onError: (error) => {
      log.warn('Marking all notices read failed', error);
      void queryClient.invalidateQueries({ queryKey: noticeKeys.list() });
    },
  });
}
