import type { BodyOf, ResponseOf } from '@loupe/contract/route';
import { addDemand } from '@loupe/contract/search';
import { textSearch } from '@loupe/contract/text-search';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type TextSearchRequest = BodyOf<typeof textSearch>;
export type TextSearchAnswer = ResponseOf<typeof textSearch>;

export function searchStonesByText(body: TextSearchRequest): Promise<TextSearchAnswer> {
  return call(textSearch, { body });
}

export function useTextSearch() {
  return useMutation({ mutationFn: searchStonesByText });
}

/** Asks the KAM to source the stones a search did not find. */
export function requestDemand(keywords: string[]) {
  return call(addDemand, { body: { keywords } });
}

export function useAddDemand() {
  return useMutation({ mutationFn: requestDemand });
}
