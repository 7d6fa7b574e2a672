import {
  findPairs,
  findSimilarStones,
  getPairSettings,
  type PairSettingRow,
  savePairSettings,
} from '@loupe/contract/matching-pairs';
import type { StoneFiltersInput } from '@loupe/contract/search-filters';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHOWS_STONES } from '../../../domain/stones/stones-on-screen';
import { call } from '../../../lib/api-client';

export const pairKeys = {
  all: ['matching-pairs'] as const,
  settings: () => [...pairKeys.all, 'settings'] as const,
  defaults: () => [...pairKeys.all, 'settings', 'defaults'] as const,
  result: (filters: unknown, page: number) => [...pairKeys.all, 'result', { filters, page }] as const,
  similar: (stoneId: string, pairedWith: string | undefined) =>
    [...pairKeys.all, 'similar', { stoneId, pairedWith }] as const,
};

/** Pairs shown a page at a time (a result holds at most 150). */
export const PAIRS_PAGE = 25;

/** One page of a result's pairs, best first, and the result's count. */
export function usePairs(filters: StoneFiltersInput, page: number) {
  return useQuery({
    queryKey: pairKeys.result(filters, page),
    queryFn: ({ signal }) =>
      call(findPairs, {
        query: { filters: JSON.stringify(filters), limit: PAIRS_PAGE, offset: page * PAIRS_PAGE },
        signal,
      }),
    meta: SHOWS_STONES,
    placeholderData: keepPreviousData,
  });
}

/** The stones of every pair of a result, in pair order (Download Excel with nothing selected). */
export async function fetchPairStoneIds(filters: StoneFiltersInput): Promise<string[]> {
  const all = await call(findPairs, { query: { filters: JSON.stringify(filters) } });
  return all.pairs.flatMap((pair) => pair.stones.map((stone) => stone.id));
}

/** The customer's Match Pair Settings. */
export function usePairSettings() {
  return useQuery({
    queryKey: pairKeys.settings(),
    queryFn: async () => (await call(getPairSettings)).setting,
  });
}

/** The defaults (`?action=reset`): what Reset puts back. */
export function useDefaultPairSettings() {
  return useQuery({
    queryKey: pairKeys.defaults(),
    queryFn: async () => (await call(getPairSettings, { query: { action: 'reset' } })).setting,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Apply: saves the rows; every result is paired again by them. */
export function useSavePairSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setting: PairSettingRow[]) =>
      (await call(savePairSettings, { body: { setting } })).setting,
    onSuccess: (setting) => {
      queryClient.setQueryData(pairKeys.settings(), setting);
      void queryClient.invalidateQueries({ queryKey: [...pairKeys.all, 'result'] });
    },
  });
}

/** The Available stones nearest to a stone, without it and its pair's other stone. */
export function useSimilarStones(stoneId: string, pairedWith?: string) {
  return useQuery({
    queryKey: pairKeys.similar(stoneId, pairedWith),
    queryFn: async ({ signal }) =>
      (
        await call(findSimilarStones, {
          query: { product_id: stoneId, matching_pair_product_id: pairedWith },
          signal,
        })
      ).products,
    meta: SHOWS_STONES,
  });
}
