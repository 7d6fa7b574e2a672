import { type LayoutDetail, type LayoutSummary, listLayouts } from '@loupe/contract/layouts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { call } from '../../../lib/api-client';

export const layoutKeys = {
  all: ['layouts'] as const,
  list: (search: string) => [...layoutKeys.all, 'list', { search }] as const,
  one: (id: string) => [...layoutKeys.all, 'one', id] as const,
};

/** The layouts whose name holds the words, newest first. */
export function useLayouts(search: string) {
  return useQuery({
    queryKey: layoutKeys.list(search),
    queryFn: async ({ signal }): Promise<{ layouts: LayoutSummary[]; count: number }> => {
      const answer = await call(listLayouts, { query: { search: search || undefined, limit: 100 }, signal });
      return 'layouts' in answer ? answer : { layouts: [], count: 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** One layout with its stones in order. */
export function useLayout(id: string) {
  return useQuery({
    queryKey: layoutKeys.one(id),
    queryFn: async ({ signal }): Promise<LayoutDetail> => {
      const answer = await call(listLayouts, { query: { layout_id: id }, signal });
      if (!('layout' in answer)) throw new Error('The layout could not be read.');
      return answer.layout;
    },
    meta: SHOWS_STONES,
    enabled: id !== '',
  });
}
