import type { StoneSortField } from './stones.ts';

/**
 * The result grid's columns (domain-facts §2.1) in their default order. The grid, the column
 * preferences (which accept only these accessors) and the spreadsheet export share this list, so
 * an accessor here must never be renamed; new columns go at the end.
 */
export interface StoneColumn {
  /** Key of the column, mostly the Stone field it shows. */
  accessor: string;
  /** Full name, shown as the header's tooltip and in the table preferences. */
  label: string;
  /** The header. */
  short_label: string;
  /** Locked in place and always shown ("Non Manageable entities"). */
  is_fixed: boolean;
  /** Position in the default arrangement, 1-based. */
  sequence: number;
  /** The search sort field behind the column; null when it cannot be sorted. */
  sort_field: StoneSortField | null;
}

type Entry = [accessor: string, label: string, shortLabel: string, sortField: StoneSortField | null];

const entries: Entry[] = [
  ['lot_id', 'Stock No.', 'Stock No.', 'lot_id'],
  ['details', 'Details', 'Details', null],
  ['diamond_status', 'Status', 'Status', 'diamond_status'],
  ['location', 'Location', 'Loc', 'location'],
  ['lab', 'Lab', 'Lab', 'lab'],
  ['shape', 'Shape', 'Shape', 'shape'],
  ['cut', 'Cut', 'Cut', 'cut'],
  ['carats', 'Carats', 'Carats', 'carats'],
  ['color', 'Color', 'Color', 'color'],
  ['clarity', 'Clarity', 'Clarity', 'clarity'],
  ['polish', 'Polish', 'Pol', 'polish'],
  ['symmetry', 'Symmetry', 'Sym', 'symmetry'],
  ['fluorescence', 'Fluorescence', 'Fluo', 'fluorescence'],
  ['discount', 'Discount %', 'Disc %', 'discount'],
  ['price_per_carat', 'Price per Carat', 'Pr/Ct', 'price_per_carat'],
  ['rap', 'Rap ($)', 'Rap ($)', 'rap'],
  ['rap_value', 'Rap Value', 'Rap Value', 'rap_value'],
  ['amount', 'Amount ($)', 'Amt ($)', 'amount'],
  ['shade', 'Shade', 'Shade', 'shade'],
  ['table_percentage', 'Table %', 'Table %', 'table_percentage'],
  ['depth_percentage', 'Depth %', 'Depth%', 'depth_percentage'],
  ['certificate_number', 'Certificate Number', 'Cert No', 'certificate_number'],
  ['ratio', 'Ratio', 'Ratio', 'ratio'],
  ['measurements', 'Measurements (L*W*D)', 'Measurements', 'length'],
  ['crown_angle', 'Crown Angle', 'CA', 'crown_angle'],
  ['crown_height', 'Crown Height', 'CH', 'crown_height'],
  ['girdle_percentage', 'Girdle %', 'Girdle%', 'girdle_percentage'],
  ['pavilion_angle', 'Pavilion Angle', 'PA', 'pavilion_angle'],
  ['pavilion_height', 'Pavilion Height', 'PH', 'pavilion_height'],
  ['lower_half', 'Lower Half', 'LH', 'lower_half'],
  ['star_length', 'Star Length', 'SL', 'star_length'],
  ['culet', 'Culet', 'Culet', 'culet'],
  ['girdle', 'Girdle', 'Girdle', 'girdle_thin'],
  ['table_black', 'Black Table', 'TB', 'table_black'],
  ['side_black', 'Side Black', 'SB', 'side_black'],
  ['table_inclusion', 'Table Inclusion', 'TI', 'table_inclusion'],
  ['side_inclusion', 'Side Inclusion', 'SI', 'side_inclusion'],
  ['table_open', 'Open Table', 'TO', 'table_open'],
  ['crown_open', 'Open Crown', 'CO', 'crown_open'],
  ['pavilion_open', 'Open Pavilion', 'PO', 'pavilion_open'],
  ['milky', 'Milky', 'Milky', 'milky'],
  ['eye_clean', 'Eye Clean', 'EC', 'eye_clean'],
  ['report_comments', 'Report Comments', 'RPT Com', null],
  ['key_to_symbols', 'Key to Symbols', 'Key to Symbols', null],
  ['inscription', 'Laser Inscription', 'Ins', null],
  ['luster', 'Luster', 'Luster', 'luster'],
  ['origin_country', 'Country of Origin', 'Origin', 'origin_country'],
  ['tracr_id', 'Tracr ID', 'Tracr ID', null],
];

/** Only the stock number is locked: it identifies the row and opens the detail page. */
const FIXED = new Set(['lot_id']);

export const STONE_COLUMNS: readonly StoneColumn[] = entries.map(
  ([accessor, label, short_label, sort_field], i) => ({
    accessor,
    label,
    short_label,
    is_fixed: FIXED.has(accessor),
    sequence: i + 1,
    sort_field,
  }),
);

export const STONE_COLUMN_ACCESSORS: readonly string[] = STONE_COLUMNS.map((c) => c.accessor);
