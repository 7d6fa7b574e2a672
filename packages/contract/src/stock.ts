import { z } from 'zod';
import { route } from './route.ts';
import { FACET_GROUPS, stoneFilters } from './stock-filters.ts';
import { STOCK_LIMITS, STONE_STATUSES } from './stock-vocabulary.ts';

/**
 * One stone as the portal shows it (domain-facts §2 and §3). Money and discount are null for a
 * customer whose KYC is not approved: the server withholds them (the table shows "Unlock").
 * Grades are the vocabulary's API values; absent grades are null.
 */
export const stone = z
  .object({
    id: z.string(),
    lot_id: z.string(),
    diamond_status: z.enum(STONE_STATUSES),
    shape: z.string(),
    shape_full: z.string(),
    carats: z.number(),
    color: z.string().nullable(),
    fancy_color: z.string().nullable(),
    fancy_intensity: z.string().nullable(),
    fancy_overtone: z.string().nullable(),
    clarity: z.string().nullable(),
    cut: z.string().nullable(),
    polish: z.string().nullable(),
    symmetry: z.string().nullable(),
    fluorescence: z.string().nullable(),
    lab: z.string(),
    certificate_number: z.string().nullable(),
    /** When the lab certified the stone; new arrivals are those of the last 24 hours. */
    certified_at: z.string(),
    length: z.number().nullable(),
    width: z.number().nullable(),
    depth: z.number().nullable(),
    depth_percentage: z.number().nullable(),
    table_percentage: z.number().nullable(),
    ratio: z.number().nullable(),
    crown_angle: z.number().nullable(),
    crown_height: z.number().nullable(),
    pavilion_angle: z.number().nullable(),
    pavilion_height: z.number().nullable(),
    girdle_percentage: z.number().nullable(),
    lower_half: z.number().nullable(),
    star_length: z.number().nullable(),
    /** Thinnest and thickest girdle codes, e.g. STN and MED. */
    girdle_thin: z.string().nullable(),
    girdle_thick: z.string().nullable(),
    culet: z.string().nullable(),
    shade: z.string().nullable(),
    milky: z.string().nullable(),
    luster: z.string().nullable(),
    eye_clean: z.string().nullable(),
    table_black: z.string().nullable(),
    side_black: z.string().nullable(),
    table_open: z.string().nullable(),
    crown_open: z.string().nullable(),
    pavilion_open: z.string().nullable(),
    table_inclusion: z.string().nullable(),
    side_inclusion: z.string().nullable(),
    natural_crown: z.string().nullable(),
    natural_girdle: z.string().nullable(),
    natural_pavilion: z.string().nullable(),
    surface_graining: z.string().nullable(),
    internal_graining: z.string().nullable(),
    key_to_symbols: z.array(z.string()),
    report_comments: z.string().nullable(),
    inscription: z.string().nullable(),
    origin_country: z.string().nullable(),
    location: z.string(),
    /** List price per carat (Loupe's grid, the "Rap" column). */
    rap: z.number().nullable(),
    /** List price of the whole stone: rap × carats. */
    rap_value: z.number().nullable(),
    /** Against list, negative = below list, 2 decimals. */
    discount: z.number().nullable(),
    price_per_carat: z.number().nullable(),
    amount: z.number().nullable(),
    image_url: z.string().nullable(),
    video_url: z.string().nullable(),
    certificate_url: z.string().nullable(),
    assets_pre_check: z.object({
      CERT_IMG: z.boolean(),
      CERT_FILE: z.boolean(),
      B2B_CHECK: z.boolean(),
      B2B_SPARKLE_CHECK: z.boolean(),
    }),
    /** The stone's journey can be shown (GET /store/product/traceability). */
    gemtrac: z.boolean(),
    tracr_id: z.string().nullable(),
    in_high_demand: z.boolean(),
    /** The lot id of its matching-pair partner. */
    pair_lot_id: z.string().nullable(),
    /** In the asking customer's cart (the grid's "In Cart" legend). */
    in_cart: z.boolean(),
    /** On hold or memo for the asking customer, who may confirm it (anyone else may not). */
    reserved_for_you: z.boolean(),
  })
  .meta({ id: 'Stone' });
export type Stone = z.infer<typeof stone>;

/** Columns a result can be sorted by. Graded columns sort in the trade's order, not alphabetically. */
export const STONE_SORT_FIELDS = [
  'lot_id',
  'diamond_status',
  'location',
  'lab',
  'shape',
  'cut',
  'carats',
  'color',
  'clarity',
  'polish',
  'symmetry',
  'fluorescence',
  'discount',
  'price_per_carat',
  'rap',
  'rap_value',
  'amount',
  'shade',
  'table_percentage',
  'depth_percentage',
  'certificate_number',
  'ratio',
  'length',
  'crown_angle',
  'crown_height',
  'girdle_percentage',
  'pavilion_angle',
  'pavilion_height',
  'lower_half',
  'star_length',
  'culet',
  'girdle_thin',
  'table_black',
  'side_black',
  'table_inclusion',
  'side_inclusion',
  'table_open',
  'crown_open',
  'pavilion_open',
  'milky',
  'eye_clean',
  'luster',
  'origin_country',
  'certified_at',
] as const;
export type StoneSortField = (typeof STONE_SORT_FIELDS)[number];

export const stoneSort = z.object({
  field: z.enum(STONE_SORT_FIELDS),
  direction: z.enum(['asc', 'desc']).default('asc'),
});

const facetCounts = z.record(z.string(), z.number().int());

export const searchStones = route({
  method: 'POST',
  path: '/store/products/v2/search',
  summary: 'Search the stock with the filter form; a page of stones, the total, and per-value counts',
  tag: 'stock',
  auth: true,
  query: z.object({
    /** Only stones whose journey can be traced (GemTrac). */
    gemtrac: z.enum(['true', 'false']).optional(),
  }),
  body: z.object({
    filters: stoneFilters.default({}),
    /** Sort keys in order; the default is shape, carats, colour, clarity in the trade's order. */
    sort: z.array(stoneSort).max(4).optional(),
    limit: z.number().int().min(1).max(STOCK_LIMITS.pageSizeMax).default(STOCK_LIMITS.pageSizeDefault),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    /** Ask for per-value counts of the main filter groups (each counted without its own filter). */
    facets: z.boolean().default(false),
    /** Limit to new arrivals (approved customers only). */
    new_arrivals: z.boolean().default(false),
  }),
  status: 200,
  response: z.object({
    count: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    stones: z.array(stone),
    facets: z.partialRecord(z.enum(FACET_GROUPS), facetCounts).optional(),
  }),
});

export const findStonesByLot = route({
  method: 'POST',
  path: '/store/products/v3/search',
  summary: 'Stones by lot id (the detail page and shared links); ids may carry "-<location>"',
  tag: 'stock',
  auth: true,
  query: z.object({
    location: z.string().max(16).optional(),
    usa_event: z.enum(['true', 'false']).optional(),
  }),
  body: z.object({
    stones: z
      .array(z.string().min(1).max(64))
      .min(1)
      .max(STOCK_LIMITS.compareMax * 10),
  }),
  status: 200,
  response: z.object({ stones: z.array(stone) }),
});

export const listStones = route({
  method: 'GET',
  path: '/store/products',
  summary: 'The searchable stock, a page at a time, in the default order',
  tag: 'stock',
  auth: true,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(STOCK_LIMITS.pageSizeMax).default(STOCK_LIMITS.pageSizeDefault),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  status: 200,
  response: z.object({
    count: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    stones: z.array(stone),
  }),
});

export const TEXT_SEARCH_TYPES = ['normal', 'NewArrivals', 'BidToBuy'] as const;
export type TextSearchType = (typeof TEXT_SEARCH_TYPES)[number];

export const textSearch = route({
  method: 'POST',
  path: '/store/products/text-search',
  summary: 'Find stones by many stock ids or certificate numbers at once',
  tag: 'stock',
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

export const traceabilityStage = z.object({
  stage: z.enum(['origin', 'architected', 'laser_cut', 'crafted', 'groomed', 'certified']),
  title: z.string(),
  description: z.string(),
  person: z.string().nullable(),
  details: z.string().nullable(),
  metrics: z.array(z.object({ label: z.string(), value: z.string() })),
});

export const getTraceability = route({
  method: 'GET',
  path: '/store/product/traceability',
  summary: "A stone's journey from mine to certificate",
  tag: 'stock',
  auth: true,
  query: z.object({ key: z.string().min(1).max(64) }),
  status: 200,
  response: z.object({
    summary: z.object({
      lot_id: z.string(),
      certificate_number: z.string().nullable(),
      shape: z.string(),
      carats: z.number(),
      color: z.string().nullable(),
      clarity: z.string().nullable(),
      cut: z.string().nullable(),
    }),
    stages: z.array(traceabilityStage),
  }),
});

export const addDemand = route({
  method: 'POST',
  path: '/store/products/add-demand',
  summary: 'Ask the KAM for stones the search did not find',
  tag: 'stock',
  auth: true,
  body: z.object({
    filters: stoneFilters.optional(),
    /** Stock ids or certificate numbers a text search did not find. */
    keywords: z.array(z.string().max(64)).max(STOCK_LIMITS.textSearchKeywords).optional(),
    note: z.string().max(500).optional(),
  }),
  status: 201,
  response: z.object({ demand_id: z.string() }),
});

/** How many stones one spreadsheet may hold; a larger export answers 400 EXPORT_TOO_LARGE. */
export const EXPORT_LIMITS = { maxStones: 100_000, defaultFileName: 'new_arrivals.xlsx' } as const;

/** Which stones to export: the listed ones, or every stone the filters find. */
export const exportRequest = z.object({
  /** Stone ids or stock numbers (lot ids, any case) in the order the rows should have. */
  products: z.array(z.string().min(1).max(64)).max(EXPORT_LIMITS.maxStones).optional(),
  /** With no `products`: the search whose whole result is exported. */
  previous_searchs: stoneFilters.optional(),
  /** With no `products`: the order of the rows; the search's default order when absent. */
  sort: z.array(stoneSort).max(4).optional(),
  /** Export from the new arrivals (stones certified in the last 24 hours); approved KYC only. */
  new_arrivals: z.boolean().default(false),
  /**
   * Export the stones of one of the customer's orders with the prices paid (the order detail's
   * Download Excel; export-excel only); `products` and the search are then ignored. Another
   * customer's order: 404.
   */
  order_id: z.uuid().optional(),
  file_name: z
    .string()
    .regex(/^[\w .-]{1,60}\.xlsx$/, 'a file name ending in .xlsx')
    .optional(),
});

export const exportStones = route({
  method: 'POST',
  path: '/store/products/export-excel',
  summary:
    'Stream the selected stones, or the whole result of a search, as an .xlsx spreadsheet (at most 100,000 stones: more answers 400 EXPORT_TOO_LARGE; prices only with approved KYC)',
  tag: 'stock',
  auth: true,
  body: exportRequest,
  status: 200,
});

export const exportTradeShowStones = route({
  method: 'POST',
  path: '/store/products-export-excel-trade-show',
  summary:
    'Stream the stones shown at the running trade show (or the selected ones) as an .xlsx spreadsheet; 409 NO_TRADE_SHOW when none is running, at most 100,000 stones',
  tag: 'stock',
  auth: true,
  body: exportRequest,
  status: 200,
});

export const SHARE_CHANNELS = ['copy', 'email', 'whatsapp'] as const;

export const trackShare = route({
  method: 'POST',
  path: '/track/share-button',
  summary: 'Record that stones were shared',
  tag: 'tracking',
  auth: true,
  body: z.object({
    channel: z.enum(SHARE_CHANNELS),
    stone_ids: z.array(z.string().max(64)).min(1).max(STOCK_LIMITS.addToCartMax),
    attributes: z.array(z.string().max(40)).max(40).default([]),
    page: z.string().max(60).optional(),
  }),
  status: 204,
});

export const trackCopyUrl = route({
  method: 'GET',
  path: '/track/stone/copy-url/:url',
  summary: "Record that a stone's public link was copied",
  tag: 'tracking',
  auth: true,
  params: z.object({ url: z.string().min(1).max(2000) }),
  status: 204,
});
