import { z } from 'zod';
import { route } from './route.ts';
import { stone } from './stones.ts';

/**
 * Layouts (pins "Matching pair and layouts"): a set of stones sold together, a graduated line or
 * a suite. The list and one layout with its stones; the sales team makes them (`layout create`).
 */

export const LAYOUT_LIMITS = { minStones: 2, maxStones: 100, nameLength: 60, pageMax: 100 } as const;

export const layoutSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The stones' shape, or "Mixed". */
    shape: z.string(),
    stones_count: z.number().int(),
    total_carats: z.number(),
    /** Null for a customer who may not see prices (KYC not approved). */
    total_amount: z.number().nullable(),
    /** Stones of the layout that can still be bought (Available). */
    available_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'LayoutSummary' });
export type LayoutSummary = z.infer<typeof layoutSummary>;

export const layoutDetail = layoutSummary.extend({ stones: z.array(stone) }).meta({ id: 'Layout' });
export type LayoutDetail = z.infer<typeof layoutDetail>;

export const layoutList = z.object({ layouts: z.array(layoutSummary), count: z.number().int() });
export const oneLayout = z.object({ layout: layoutDetail });

export const listLayouts = route({
  method: 'GET',
  path: '/store/layouts',
  summary:
    'The layouts, newest first, filtered by a word of the name or a shape; with layout_id, that layout with its stones (404 when none)',
  tag: 'layouts',
  auth: true,
  query: z.object({
    layout_id: z.uuid().optional(),
    search: z.string().trim().max(LAYOUT_LIMITS.nameLength).optional(),
    shape: z.string().max(10).optional(),
    limit: z.coerce.number().int().min(1).max(LAYOUT_LIMITS.pageMax).default(50),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  }),
  status: 200,
  response: z.union([oneLayout, layoutList]),
});

export const createLayout = route({
  method: 'POST',
  path: '/operator/layouts',
  summary: 'Make a layout of stones named by stock number, in the order given (operator)',
  tag: 'operator',
  auth: 'operator',
  body: z.object({
    name: z.string().trim().min(1, 'Name the layout').max(LAYOUT_LIMITS.nameLength),
    lot_ids: z
      .array(z.string().trim().min(1).max(64))
      .min(LAYOUT_LIMITS.minStones, `A layout has at least ${LAYOUT_LIMITS.minStones} stones`)
      .max(LAYOUT_LIMITS.maxStones),
  }),
  status: 201,
  response: z.object({ layout: layoutSummary }),
});
