import type { StoneFilters } from '@loupe/contract/search-filters';
import {
  FINISH_GRADES,
  FLUORESCENCES,
  GIRDLES,
  type Grade,
  INCLUSIONS,
  LOCATIONS,
  labelOf,
  SHAPES,
} from '@loupe/contract/stone-vocabulary';

/** How the search form names each filter (domain-facts §1), for emails a person reads. */
const LABELS: Partial<Record<keyof StoneFilters, string>> = {
  shape: 'Shape',
  carats: 'Carats',
  color: 'Color',
  fancy_color: 'Fancy color',
  fancy_intensity: 'Intensity',
  fancy_overtone: 'Overtone',
  clarity: 'Clarity',
  make: 'Make',
  cut: 'Cut',
  polish: 'Polish',
  symmetry: 'Symmetry',
  fluorescence: 'Fluorescence',
  lab: 'Lab',
  location: 'Location',
  origin_country: 'Country of origin',
  shade: 'Shade',
  girdle: 'Girdle',
  culet: 'Culet',
  key_to_symbol: 'Key to symbols',
  discount: 'Discount %',
  price_per_carat: 'Price/ct ($)',
  price_range: 'Amount ($)',
  table_percentage: 'Table %',
  depth_percentage: 'Depth %',
  ratio: 'Ratio',
  length: 'Length',
  width: 'Width',
  depth: 'Depth',
  crown_angle: 'Crown angle',
  crown_height: 'Crown height',
  girdle_percentage: 'Girdle %',
  pavilion_angle: 'Pavilion angle',
  pavilion_height: 'Pavilion height',
  lower_half: 'Lower half',
  star_length: 'Star length',
  all_asset_required: 'Images & videos required',
  showOnlyWithVideo: 'Only with video',
  isGemTrackAvailable: 'GemTrac available',
  ...Object.fromEntries(Object.entries(INCLUSIONS).map(([key, spec]) => [key, spec.label])),
};

const NAMED: Partial<Record<keyof StoneFilters, readonly Grade[]>> = {
  shape: SHAPES,
  cut: FINISH_GRADES,
  polish: FINISH_GRADES,
  symmetry: FINISH_GRADES,
  fluorescence: FLUORESCENCES,
  location: LOCATIONS,
};

/** One line per filter in use, e.g. "Shape: Round, Pear" or "Discount %: -40 to -20". */
export function describeFilters(filters: StoneFilters): string[] {
  const lines: string[] = [];
  for (const [key, label] of Object.entries(LABELS) as [keyof StoneFilters, string][]) {
    const value = filters[key];
    if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) continue;
    let text: string;
    if (Array.isArray(value)) {
      const list = NAMED[key];
      text = value.map((v) => (list && v !== 'All' && v !== 'OTHER' ? labelOf(list, v) : v)).join(', ');
      if (key === 'key_to_symbol' && filters.key_to_symbol_search_type === 'doesNotContain') {
        text = `does not contain ${text}`;
      }
    } else if (typeof value === 'object') {
      const range = value as { gte: number | string; lte: number | string };
      text =
        key === 'girdle'
          ? `${labelOf(GIRDLES, String(range.gte))} to ${labelOf(GIRDLES, String(range.lte))}`
          : `${range.gte} to ${range.lte}`;
    } else if (value === true) {
      text = 'yes';
    } else {
      text = String(value);
    }
    lines.push(`${label}: ${text}`);
  }
  return lines;
}
