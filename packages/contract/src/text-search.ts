import { z } from 'zod';
import { route } from './route.ts';
import { stone } from './stones.ts';

export const TEXT_SEARCH_TYPES = ['normal', 'NewArrivals', 'BidToBuy'] as const;

export type TextSearchType = (typeof TEXT_SEARCH_TYPES)[number];

export const textSearch = route({
  method: 'POST',
  path: '/store/products/text-search',
  summary: 'Find stones by many stock ids or certificate numbers at once',
  tag: 'text-search',
  auth: true,
  body: z.object({
    /** Stock ids or certificate numbers separated by spaces, commas or new lines. */
    search_keyword: z.string().trim().min(1, 'Enter a stone id or certificate number').max(20_000),
    search_type: z.enum(TEXT_SEARCH_TYPES).default('normal'),
  }),
  status: 200,
  response: z.object({
    foundKeywords: z.array(z.string()),
    notFoundKeywords: z.array(z.string()),
    foundProducts: z.array(stone),
    textSearchReportId: z.string(),
  }),
});
