/**
 * The diamond trade's grading vocabulary (domain-facts §1.1), each list in the trade's order,
 * best first. The order matters: sorting, range filters (girdle) and the database's rank columns
 * all follow it, so a list here must only ever grow at its end.
 */

export interface Grade<V extends string = string> {
  /** The value the API sends and stores, e.g. "BR", "VVS1", "NON". */
  value: V;
  /** What a buyer reads, e.g. "Round", "VVS1", "None". */
  label: string;
}

function grades<const V extends string>(entries: readonly (readonly [V, string])[]) {
  return entries.map(([value, label]) => ({ value, label })) as Grade<V>[];
}

function same<const V extends string>(values: readonly V[]) {
  return values.map((value) => ({ value, label: value })) as Grade<V>[];
}

/** The ten named shapes first (the search form's tiles), then the other codes seen in stock. */
export const SHAPES = grades([
  ['BR', 'Round'],
  ['PS', 'Pear'],
  ['EM', 'Emerald'],
  ['AS', 'Asscher'],
  ['CU', 'Cushion'],
  ['RAD', 'Radiant'],
  ['PR', 'Princess'],
  ['OV', 'Oval'],
  ['MQ', 'Marquise'],
  ['HS', 'Heart'],
  ['PS-RS', 'Pear Rose'],
  ['SPL', 'Special'],
  ['RC', 'Radiant Cornered'],
  ['RMB', 'Rhombus'],
  ['SCU', 'Square Cushion'],
  ['RX', 'Radiant Square'],
  ['TR', 'Triangle'],
] as const);
export const NAMED_SHAPE_COUNT = 10;
/** The search form's "Others" tile: any shape outside the ten named ones. */
export const OTHER_SHAPES = 'OTHER';

/** White colours D to Z. The search form's "N-Z" tile covers N and everything after it. */
export const COLORS = same([
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'V',
  'W',
  'X',
  'Y',
  'Z',
] as const);
export const COLOR_TILES = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N-Z'] as const;

export const FANCY_COLORS = same([
  'Yellow',
  'Pink',
  'Blue',
  'Red',
  'Green',
  'Purple',
  'Orange',
  'Black',
  'Gray',
  'Violet',
  'Brown',
  'Fancy',
  'Other',
] as const);

export const FANCY_INTENSITIES = same([
  'Faint',
  'Very Light',
  'Light',
  'Fancy',
  'Fancy Light',
  'Fancy Dark',
  'Fancy Intense',
  'Fancy Vivid',
  'Fancy Deep',
] as const);

export const FANCY_OVERTONES = same([
  'None',
  'Yellow',
  'Yellowish',
  'Pink',
  'Pinkish',
  'Blue',
  'Bluish',
  'Red',
  'Reddish',
  'Green',
  'Greenish',
  'Purple',
  'Purplish',
  'Orange',
  'Orangy',
  'Grey',
  'Greyish',
  'Black',
  'Brown',
  'Brownish',
  'Violetish',
  'Light Brown',
  'Brownish Orangy',
] as const);

export const CLARITIES = same([
  'FL',
  'IF',
  'VVS1',
  'VVS2',
  'VS1',
  'VS2',
  'SI1',
  'SI2',
  'SI3',
  'I1',
  'I2',
  'I3',
] as const);

/** Cut, polish and symmetry share one scale. Poor only arrives through supplier uploads. */
export const FINISH_GRADES = grades([
  ['EX', 'Excellent'],
  ['VG', 'Very Good'],
  ['G', 'Good'],
  ['F', 'Fair'],
  ['P', 'Poor'],
] as const);
export const FINISH_FILTER_GRADES = ['EX', 'VG', 'G', 'F'] as const;

export const FLUORESCENCES = grades([
  ['NON', 'None'],
  ['VSL', 'Very Slight'],
  ['FNT', 'Faint'],
  ['SLT', 'Slight'],
  ['MED', 'Medium'],
  ['STG', 'Strong'],
  ['VSTG', 'Very Strong'],
] as const);

export const LABS = same([
  'GIA',
  'HRD',
  'IGI',
  'GIA DOR',
  'DBIOD',
  'FM',
  'NGTC',
  'LOUPE GRADING',
  'LOUPE',
] as const);

export const LOCATIONS = grades([
  ['BEL', 'Belgium'],
  ['DUB', 'Dubai'],
  ['IND', 'India'],
  ['ISR', 'Israel'],
  ['USA', 'USA'],
  ['USA-BD', 'USA-BD'],
] as const);

export const ORIGINS = same([
  'Angola',
  'Botswana',
  'Canada',
  'DEBEERS',
  'Namibia',
  'South Africa',
  'Any source',
] as const);

/** Stone shades. "No BGM" is not a shade but a search shortcut (see NO_BGM). */
export const SHADES = same([
  'None',
  'White',
  'Mixed',
  'Yellow',
  'Brown',
  'Faint Brown',
  'Green',
  'Faint Green',
  'Grey',
  'Black',
  'Pink',
  'Blue',
  'Light Brown',
  'Very Light Brown',
] as const);
export const NO_BGM = { label: 'No BGM', shades: ['None', 'White', 'Yellow'], milky: ['M0'] } as const;

export const GIRDLES = grades([
  ['ETN', 'Extremely Thin'],
  ['VTN', 'Very Thin'],
  ['STN', 'Slightly Thin'],
  ['THN', 'Thin'],
  ['MED', 'Medium'],
  ['STK', 'Slightly Thick'],
  ['THK', 'Thick'],
  ['VTK', 'Very Thick'],
  ['ETK', 'Extremely Thick'],
] as const);

export const CULETS = same(['None', 'Pointed', 'Very Small', 'Small', 'Medium', 'Large'] as const);

/** Key to symbols as a GIA report lists them. At most 31, as a stone stores them as bit flags. */
export const KEY_TO_SYMBOLS = same([
  'Bearding',
  'Brown patch of color',
  'Bruise',
  'Cavity',
  'Chip',
  'Cleavage',
  'Cloud',
  'Crystal',
  'Crystal Surface',
  'Etch Channel',
  'Extra Facet',
  'Feather',
  'Flux Remnant',
  'Indented Natural',
  'Internal Graining',
  'Internal Inscription',
  'Internal Laser Drilling',
  'Knot',
  'Laser Drill Hole',
  'Manufacturing Remnant',
  'Minor Details of Polish',
  'Natural',
  'Needle',
  'No Inclusion',
  'Pinpoint',
  'Reflecting Surface Graining',
  'Surface Graining',
  'Twinning Wisp',
] as const);

const OPEN_NATURAL = same(['N', 'VS', 'S', 'M', 'L'] as const);

/** The fifteen inclusion grades of domain-facts §1.1, keyed by their API names. */
export const INCLUSIONS = {
  table_black: {
    label: 'Black Table',
    short: 'TB',
    group: 'Black',
    grades: same(['B0', 'BPP', 'B1', 'B2', 'B3'] as const),
  },
  side_black: {
    label: 'Side Table',
    short: 'SB',
    group: 'Black',
    grades: same(['SB0', 'SBPP', 'SB1', 'SB2', 'SB3'] as const),
  },
  crown_open: { label: 'Open Crown', short: 'CO', group: 'Black', grades: OPEN_NATURAL },
  table_open: { label: 'Open Table', short: 'TO', group: 'Black', grades: OPEN_NATURAL },
  pavilion_open: { label: 'Open Pavilion', short: 'PO', group: 'Black', grades: OPEN_NATURAL },
  milky: { label: 'Milky', short: 'Milky', group: 'Black', grades: same(['M0', 'M1', 'M2', 'M3'] as const) },
  luster: { label: 'Luster', short: 'Luster', group: 'Black', grades: same(['EX', 'VG', 'G', 'P'] as const) },
  eye_clean: {
    label: 'Eye Clean',
    short: 'EC',
    group: 'Black',
    grades: grades([
      ['Y', 'Yes'],
      ['N', 'No'],
      ['B', 'Borderline'],
    ] as const),
  },
  table_inclusion: {
    label: 'Table Inclusion',
    short: 'TI',
    group: 'White',
    grades: same(['T0', 'T1', 'T2', 'T3'] as const),
  },
  side_inclusion: {
    label: 'Side Inclusion',
    short: 'SI',
    group: 'White',
    grades: same(['S0', 'S1', 'S2', 'S3'] as const),
  },
  natural_crown: { label: 'Natural Crown', short: 'NC', group: 'White', grades: OPEN_NATURAL },
  natural_girdle: { label: 'Natural Girdle', short: 'NG', group: 'White', grades: OPEN_NATURAL },
  natural_pavilion: { label: 'Natural Pavilion', short: 'NP', group: 'White', grades: OPEN_NATURAL },
  surface_graining: {
    label: 'Surface Graining',
    short: 'SG',
    group: 'White',
    grades: same(['G0', 'G1', 'G2', 'G3'] as const),
  },
  internal_graining: {
    label: 'Internal Graining',
    short: 'IG',
    group: 'White',
    grades: same(['IG0', 'IG1', 'IG2', 'IG3'] as const),
  },
} as const;
export type InclusionKey = keyof typeof INCLUSIONS;
export const INCLUSION_KEYS = Object.keys(INCLUSIONS) as InclusionKey[];

/**
 * Where a stone is in its life. Search shows Available, Hold and Memo (the legend colours the
 * latter two); Sold stones are gone; BidToBuy stones are offered only in the bid-to-buy event.
 */
export const STONE_STATUSES = ['Available', 'Hold', 'Memo', 'Sold', 'BidToBuy'] as const;
export type StoneStatus = (typeof STONE_STATUSES)[number];
export const SEARCHABLE_STATUSES = ['Available', 'Hold', 'Memo'] as const satisfies StoneStatus[];

/** The make shortcuts of domain-facts §1.2. */
export const MAKES = ['3EX', '3EX+NON', '3VG+EX', '3G', '3F'] as const;
export type Make = (typeof MAKES)[number];

/** Carat preset tiles (domain-facts §1.3): single ranges, and groups that expand to sub-ranges. */
export const CARAT_PRESETS: readonly { label: string; ranges: readonly string[] }[] = [
  { label: '0.30-0.39', ranges: ['0.30-0.39'] },
  { label: '0.40-0.49', ranges: ['0.40-0.49'] },
  { label: '0.50-0.59', ranges: ['0.50-0.59'] },
  { label: '0.60-0.69', ranges: ['0.60-0.69'] },
  { label: '0.70-0.79', ranges: ['0.70-0.79'] },
  { label: '0.80-0.89', ranges: ['0.80-0.89'] },
  { label: '0.90-0.99', ranges: ['0.90-0.99'] },
  { label: '1ct', ranges: ['1.00-1.19', '1.20-1.49'] },
  { label: '1.5ct', ranges: ['1.50-1.69', '1.70-1.99'] },
  { label: '2ct', ranges: ['2.00-2.49', '2.50-2.99'] },
  { label: '3ct', ranges: ['3.00-3.49', '3.50-3.99'] },
  { label: '4ct', ranges: ['4.00-4.49', '4.50-4.99'] },
  { label: '5ct+', ranges: ['5.00-5.49', '5.50-5.99', '6.00-6.99', '7.00-7.99', '8.00-9.99', '10.00-50.00'] },
];
export const CARAT_LIMITS = { min: 0.15, max: 50 } as const;

/** Search limits of domain-facts §1.5 and spec §9. */
export const STOCK_LIMITS = {
  /** Above this many matches the form asks the buyer to narrow the search. */
  maxResultStones: 300,
  maxResultTabs: 10,
  savedSearchNameLength: 20,
  compareMin: 2,
  compareMax: 10,
  addToCartMax: 300,
  /** Stone ids or certificate numbers in one text search. */
  textSearchKeywords: 500,
  /** Stones certified within this many hours are new arrivals. */
  newArrivalHours: 24,
  pageSizeDefault: 20,
  pageSizeMax: 300,
} as const;

/** The rank of a value in its list, 1-based, as the database stores it; 0 when unknown. */
export function rankOf(list: readonly Grade[], value: string): number {
  return list.findIndex((grade) => grade.value === value) + 1;
}

export function labelOf(list: readonly Grade[], value: string | null | undefined): string {
  if (value == null) return '-';
  return list.find((grade) => grade.value === value)?.label ?? value;
}

export function valuesOf<V extends string>(list: readonly Grade<V>[]): [V, ...V[]] {
  return list.map((grade) => grade.value) as [V, ...V[]];
}
