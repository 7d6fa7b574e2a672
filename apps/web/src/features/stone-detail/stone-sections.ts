import {
  FLUORESCENCES,
  INCLUSION_KEYS,
  INCLUSIONS,
  LOCATIONS,
  labelOf,
  SHAPES,
} from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import { formatDecimal, formatMoney } from '../../domain/money';
import { formatDiscount, formatMeasurements, labReportUrl, tracrUrl } from '../../domain/stones/formats';
import { EMPTY, finishLabel, formatColor, formatGirdle, formatText, totalGrade } from './stone-format';

export interface StoneFact {
  label: string;
  value: string;
  /** A link out, e.g. the lab's report check for the certificate number. */
  href?: string | null;
}

export interface StoneSection {
  key: 'price' | 'basic' | 'measurements' | 'inclusions' | 'other';
  title: string;
  facts: StoneFact[];
}

/** Money is withheld from customers without approved KYC: the section shows the price lock. */
export function pricesWithheld(stone: Pick<Stone, 'amount' | 'discount'>): boolean {
  return stone.amount === null && stone.discount === null;
}

function priceFacts(stone: Stone): StoneFact[] {
  return [
    { label: 'Rap ($)', value: formatMoney(stone.rap) },
    { label: 'Total Rap', value: formatMoney(stone.rap_value) },
    { label: 'Disc %', value: formatDiscount(stone.discount) },
    { label: 'Pr/Ct', value: formatMoney(stone.price_per_carat) },
    { label: 'Amt ($)', value: formatMoney(stone.amount) },
  ];
}

function basicFacts(stone: Stone): StoneFact[] {
  return [
    { label: 'Stock No', value: stone.lot_id },
    { label: 'Carats', value: formatDecimal(stone.carats) },
    { label: 'Shape', value: stone.shape_full || labelOf(SHAPES, stone.shape) },
    { label: 'Color', value: formatColor(stone) },
    { label: 'Clarity', value: formatText(stone.clarity) },
    { label: 'Cut', value: finishLabel(stone.cut) },
    { label: 'Polish', value: finishLabel(stone.polish) },
    { label: 'Symmetry', value: finishLabel(stone.symmetry) },
    { label: 'Fluorescence', value: stone.fluorescence ? labelOf(FLUORESCENCES, stone.fluorescence) : EMPTY },
    { label: 'Lab', value: formatText(stone.lab) },
    {
      label: 'Certificate No',
      value: formatText(stone.certificate_number),
      href: labReportUrl(stone.lab, stone.certificate_number),
    },
    { label: 'Location', value: labelOf(LOCATIONS, stone.location) },
    { label: 'Country of Origin', value: formatText(stone.origin_country) },
    { label: 'Shade', value: formatText(stone.shade) },
    { label: 'Laser Inscription', value: formatText(stone.inscription) },
  ];
}

function measurementFacts(stone: Stone): StoneFact[] {
  return [
    { label: 'Measurements', value: formatMeasurements(stone) },
    { label: 'Table%', value: formatDecimal(stone.table_percentage) },
    { label: 'Depth%', value: formatDecimal(stone.depth_percentage) },
    { label: 'Ratio', value: formatDecimal(stone.ratio) },
    { label: 'Crown Angle', value: formatDecimal(stone.crown_angle) },
    { label: 'Crown Height', value: formatDecimal(stone.crown_height) },
    { label: 'Pavilion Angle', value: formatDecimal(stone.pavilion_angle) },
    { label: 'Pavilion Height', value: formatDecimal(stone.pavilion_height) },
    { label: 'Girdle%', value: formatDecimal(stone.girdle_percentage) },
    { label: 'Lower Half', value: formatDecimal(stone.lower_half) },
    { label: 'Star Length', value: formatDecimal(stone.star_length) },
    { label: 'Girdle', value: formatGirdle(stone) },
    { label: 'Culet', value: formatText(stone.culet) },
  ];
}

/** All fifteen inclusion grades of domain-facts §1.1, in the search form's order. */
function inclusionFacts(stone: Stone): StoneFact[] {
  return INCLUSION_KEYS.map((key) => {
    const spec = INCLUSIONS[key];
    const value = stone[key];
    return { label: spec.label, value: value ? labelOf(spec.grades, value) : EMPTY };
  });
}

function otherFacts(stone: Stone): StoneFact[] {
  return [
    {
      label: 'Key to Symbol',
      value: stone.key_to_symbols.length > 0 ? stone.key_to_symbols.join(', ') : EMPTY,
    },
    { label: 'Report Comments', value: formatText(stone.report_comments) },
    {
      label: 'Tracr ID',
      value: formatText(stone.tracr_id),
      href: stone.tracr_id ? tracrUrl(stone.tracr_id) : null,
    },
    { label: 'Total Grade', value: totalGrade(stone) },
  ];
}

/** The detail page's sections in order (domain-facts §3). */
export function stoneSections(stone: Stone): StoneSection[] {
  return [
    { key: 'price', title: 'Price Details', facts: priceFacts(stone) },
    { key: 'basic', title: 'Basic Details', facts: basicFacts(stone) },
    { key: 'measurements', title: 'Measurements', facts: measurementFacts(stone) },
    { key: 'inclusions', title: 'Inclusion Details', facts: inclusionFacts(stone) },
    { key: 'other', title: 'Other Information', facts: otherFacts(stone) },
  ];
}
