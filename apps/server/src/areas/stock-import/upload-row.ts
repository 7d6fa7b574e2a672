import { listPricePerCarat } from '../pricing/index.ts';
import { keyToSymbolBits, type NewStoneRow, priceOf, rankIn, round2, statusRank } from '../stones/index.ts';
import { UPLOAD_FIELDS, type UploadField } from './upload-columns.ts';
import * as read from './upload-values.ts';

/**
 * One row of a supplier upload → a stone, or every reason it cannot be one. The row's list price
 * comes from Loupe's grid; the price columns say where the stone stands against it.
 */

export type RowOutcome =
  | { kind: 'stone'; stockNumber: string; stone: NewStoneRow; hasReportDate: boolean }
  | { kind: 'not-shown'; stockNumber: string | null }
  | { kind: 'invalid'; stockNumber: string | null; reasons: string[] };

/** Where a stone without a location is kept: Loupe's head office. */
export const DEFAULT_LOCATION = 'IND';
/** Who graded a stone that has no outside lab report: Loupe itself. */
export const DEFAULT_LAB = 'LOUPE GRADING';

/**
 * The cells of one row and the reasons found so far. One object per row with its readers on the
 * prototype: a 54,000-row upload is checked twice (request and job), and a handful of closures
 * per row made that a second of allocating and collecting.
 */
class RowCells {
  readonly reasons: string[] = [];
  constructor(
    private readonly values: readonly string[],
    private readonly columns: Partial<Record<UploadField, number>>,
  ) {}

  cell(field: UploadField): string | null {
    const index = this.columns[field];
    if (index === undefined) return null;
    const value = this.values[index];
    if (value === undefined || value === '') return null;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }

  /** Reads an optional field; a bad value becomes a reason and the field counts as absent. */
  optional<T>(field: UploadField, reader: (raw: string) => T): T | null {
    const raw = this.cell(field);
    if (raw === null) return null;
    try {
      return reader(raw);
    } catch (error) {
      if (!(error instanceof read.ValueProblem)) throw error;
      this.reasons.push(error.message);
      return null;
    }
  }

  required<T>(field: UploadField, reader: (raw: string) => T): T | null {
    if (this.cell(field) === null) {
      this.reasons.push(`${UPLOAD_FIELDS[field].label} is missing.`);
      return null;
    }
    return this.optional(field, reader);
  }

  number(field: UploadField, min: number, max: number): number | null {
    const raw = this.cell(field);
    if (raw === null) return null;
    try {
      return read.readNumber(raw, UPLOAD_FIELDS[field].label, { min, max });
    } catch (error) {
      if (!(error instanceof read.ValueProblem)) throw error;
      this.reasons.push(error.message);
      return null;
    }
  }

  text(field: UploadField, max: number): string | null {
    const raw = this.cell(field);
    if (raw === null) return null;
    if (raw.length > max) {
      this.reasons.push(`${UPLOAD_FIELDS[field].label} is longer than ${max} characters.`);
      return null;
    }
    return raw;
  }
}

function readWeight(raw: string): number {
  const weight = read.readNumber(raw, 'Weight', { min: 0.01, max: 99.99 });
  if (Math.abs(weight * 100 - Math.round(weight * 100)) > 1e-6) {
    throw new read.ValueProblem(`Weight ${raw} has more than 2 decimals.`);
  }
  return weight;
}

function readCertificateNumber(raw: string): string {
  if (raw.length > 40) throw new read.ValueProblem(`Certificate # "${raw}" is longer than 40 characters.`);
  return raw;
}

const readPairStockNumber = (raw: string) => read.readStockNumber(raw, 'Pair Stock #');
const readImageUrl = (raw: string) => read.readLink(raw, 'Image URL');
const readVideoUrl = (raw: string) => read.readLink(raw, 'Video URL');
const readCertificateUrl = (raw: string) => read.readLink(raw, 'Certificate URL');
const readPricePerCarat = (raw: string) =>
  read.readNumber(raw, 'Price Per Carat', { min: 0, max: 10_000_000, above: true });
const readDiscount = (raw: string) => read.readNumber(raw, 'Discount %', { min: -100, max: 100 });
const LOCATION_FIELDS = ['location', 'country', 'state', 'city'] as const;
/** A dimension of 0 is a supplier's "not measured", not a stone without size. */
const dimension = (v: number | undefined) => (v ? v : null);

export function readUploadRow(
  values: readonly string[],
  columns: Partial<Record<UploadField, number>>,
  context: { now: Date; source: string },
): RowOutcome {
  const cells = new RowCells(values, columns);
  const { reasons } = cells;

  const stockNumber = cells.required('stockNumber', read.readStockNumber);
  const availability = cells.optional('availability', read.readAvailability) ?? 'Available';
  if (availability === 'NotShown' && stockNumber) return { kind: 'not-shown', stockNumber };

  const shape = cells.required('shape', read.readShape);
  const carats = cells.required('weight', readWeight);

  // Colour: a white colour D–Z, or the three fancy-colour fields.
  const reasonsBeforeColor = reasons.length;
  const color = cells.optional('color', read.readColor);
  const colorUnreadable = reasons.length > reasonsBeforeColor;
  const fancyColor = cells.optional('fancyColor', read.readFancyColor);
  let fancyIntensity: string | null = null;
  let fancyOvertone: string | null = null;
  if (color && fancyColor) reasons.push('Give either a white Color or a Fancy Color, not both.');
  if (!color && !fancyColor && !colorUnreadable && !cells.cell('fancyColor')) {
    reasons.push(cells.cell('color') ? 'Color says fancy but Fancy Color is missing.' : 'Color is missing.');
  }
  if (fancyColor) {
    fancyIntensity = cells.optional('fancyIntensity', read.readFancyIntensity) ?? 'Fancy';
    fancyOvertone = cells.optional('fancyOvertone', read.readFancyOvertone) ?? 'None';
  }
  const clarity = cells.optional('clarity', read.readClarity);
  if (color && clarity === null && !reasons.some((r) => r.startsWith('Clarity'))) {
    reasons.push(
      cells.cell('clarity') ? 'Clarity N (none) is for fancy colours only.' : 'Clarity is missing.',
    );
  }

  const cut = cells.optional('cut', read.readCut);
  const polish = cells.optional('polish', read.readPolish);
  const symmetry = cells.optional('symmetry', read.readSymmetry);
  const fluorescence = cells.optional('fluorescence', read.readFluorescence);
  const lab = cells.optional('lab', read.readLab) ?? DEFAULT_LAB;
  const certificateNumber = cells.optional('certificateNumber', readCertificateNumber);

  const measurements = cells.optional('measurements', read.readMeasurements);
  const length = dimension(measurements?.length);
  const width = dimension(measurements?.width);
  const depth = dimension(measurements?.depth);
  const givenRatio = cells.number('ratio', 0, 100);
  const ratio =
    length && width
      ? round2(Math.max(length, width) / Math.min(length, width))
      : givenRatio
        ? round2(givenRatio)
        : null;

  const locationCells: string[] = [];
  for (const field of LOCATION_FIELDS) {
    const value = cells.cell(field);
    if (value !== null) locationCells.push(value);
  }
  let location = DEFAULT_LOCATION;
  if (locationCells.length > 0) {
    const known = locationCells.map((raw) => {
      try {
        return read.readLocation(raw);
      } catch {
        return null;
      }
    });
    const found = known.find((v) => v !== null);
    if (found) location = found;
    else
      reasons.push(
        `Location "${locationCells.join(', ')}" is not one of Loupe's: India, Belgium, Dubai (UAE), Israel, USA or USA-BD.`,
      );
  }

  const girdleThin = cells.optional('girdleThin', read.readGirdleThin);
  const girdleThick = cells.optional('girdleThick', read.readGirdleThick);
  const thinRank = rankIn('girdle_thin', girdleThin);
  const thickRank = rankIn('girdle_thick', girdleThick);
  if (thinRank && thickRank && thinRank > thickRank) {
    reasons.push(`Girdle Thin (${girdleThin}) is thicker than Girdle Thick (${girdleThick}).`);
  }

  const reportDate = cells.optional('reportIssueDate', (raw) => read.readReportDate(raw, context.now));
  const pairLotId = cells.optional('pairStockNumber', readPairStockNumber);
  if (pairLotId && stockNumber && pairLotId.toLowerCase() === stockNumber.toLowerCase()) {
    reasons.push('Pair Stock # names the stone itself.');
  }
  const keyToSymbols = cells.optional('keyToSymbols', read.readKeyToSymbols) ?? [];

  const row = {
    depthPercentage: cells.number('depthPercentage', 0, 100),
    tablePercentage: cells.number('tablePercentage', 0, 100),
    crownAngle: cells.number('crownAngle', 0, 360),
    crownHeight: cells.number('crownHeight', 0, 100),
    pavilionAngle: cells.number('pavilionAngle', 0, 360),
    pavilionHeight: cells.number('pavilionDepth', 0, 100),
    girdlePercentage: cells.number('girdlePercentage', 0, 100),
    lowerHalf: cells.number('lowerHalf', 0, 100),
    starLength: cells.number('starLength', 0, 100),
    culet: rankIn('culet', cells.optional('culet', read.readCulet)),
    shade: rankIn('shade', cells.optional('shade', read.readShade)),
    milky: rankIn('milky', cells.optional('milky', read.readMilky)),
    eyeClean: rankIn('eye_clean', cells.optional('eyeClean', read.readEyeClean)),
    tableBlack: rankIn('table_black', cells.optional('blackInclusion', read.readBlackInclusion)),
    originCountry: rankIn('origin_country', cells.optional('origin', read.readOrigin)),
    inscription: cells.text('inscription', 200),
    reportComments: cells.text('reportComments', 1000),
    imageUrl: cells.optional('imageUrl', readImageUrl),
    videoUrl: cells.optional('videoUrl', readVideoUrl),
    certificateUrl: cells.optional('certificateUrl', readCertificateUrl),
  };

  // Price: list from the grid; the asking price from Price Per Carat or Discount %, which agree.
  const pricePerCarat = cells.optional('pricePerCarat', readPricePerCarat);
  const discountRaw = cells.optional('discount', readDiscount);
  // The format's rule: up to ±1 is a fraction (-0.30), beyond that a percentage (-30).
  const discountGiven =
    discountRaw === null ? null : Math.abs(discountRaw) <= 1 ? discountRaw * 100 : discountRaw;
  if (
    pricePerCarat === null &&
    discountGiven === null &&
    !reasons.some((r) => /Price Per Carat|Discount %/.test(r))
  ) {
    reasons.push('Price Per Carat or Discount % is needed.');
  }
  if (discountGiven !== null && discountGiven <= -100) reasons.push('Discount % must be above -100 %.');

  if (!stockNumber || !shape || carats === null || (!color && !fancyColor) || reasons.length > 0) {
    return { kind: 'invalid', stockNumber, reasons };
  }

  const rapPerCarat = listPricePerCarat({
    shape,
    carats,
    color,
    clarity,
    fancyColor,
    fancyIntensity,
    fancyOvertone,
  });
  let price: ReturnType<typeof priceOf>;
  if (pricePerCarat !== null) {
    const asked = round2(pricePerCarat);
    if (discountGiven !== null) {
      const fromDiscount = round2(rapPerCarat * (1 + discountGiven / 100));
      if (Math.abs(fromDiscount - asked) > 0.01 + 1e-9) {
        return {
          kind: 'invalid',
          stockNumber,
          reasons: [
            `Price Per Carat ${asked.toFixed(2)} and Discount % ${round2(discountGiven).toFixed(2)} disagree: at Loupe's list price of ${rapPerCarat} a ${round2(discountGiven).toFixed(2)} % discount is ${fromDiscount.toFixed(2)} per carat.`,
          ],
        };
      }
    }
    const discount = round2((asked / rapPerCarat - 1) * 100);
    price = {
      rapPerCarat,
      discount: discountGiven === null ? discount : round2(discountGiven),
      pricePerCarat: asked,
      amount: round2(asked * carats),
      rapValue: round2(rapPerCarat * carats),
    };
  } else {
    price = priceOf(rapPerCarat, discountGiven!, carats);
  }

  const stone: NewStoneRow = {
    lotId: stockNumber,
    status: statusRank(availability === 'Memo' ? 'Memo' : 'Available'),
    shape: rankIn('shape', shape)!,
    carats,
    color: rankIn('color', color),
    fancyColor: rankIn('fancy_color', fancyColor),
    fancyIntensity: rankIn('fancy_intensity', fancyIntensity),
    fancyOvertone: rankIn('fancy_overtone', fancyOvertone),
    clarity: rankIn('clarity', clarity),
    cut: rankIn('cut', cut),
    polish: rankIn('polish', polish),
    symmetry: rankIn('symmetry', symmetry),
    fluorescence: rankIn('fluorescence', fluorescence),
    lab: rankIn('lab', lab)!,
    certificateNumber,
    // Replaced by the import: the stone's date in stock when it has one, else the upload's time.
    certifiedAt: reportDate ?? context.now,
    length,
    width,
    depth,
    ratio,
    girdleThin: thinRank,
    girdleThick: thickRank,
    keyToSymbols: keyToSymbolBits(keyToSymbols),
    location: rankIn('location', location)!,
    ...row,
    ...price,
    gemtrac: false,
    tracrId: null,
    inHighDemand: false,
    pairLotId,
    source: context.source,
  };
  return { kind: 'stone', stockNumber, stone, hasReportDate: reportDate !== null };
}
