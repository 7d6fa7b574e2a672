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

export function readUploadRow(
  values: readonly string[],
  columns: Partial<Record<UploadField, number>>,
  context: { now: Date; source: string },
): RowOutcome {
  const reasons: string[] = [];
  const cell = (field: UploadField) => {
    const index = columns[field];
    const value = index === undefined ? '' : (values[index] ?? '').trim();
    return value === '' ? null : value;
  };
  /** Reads an optional field; a bad value becomes a reason and the field counts as absent. */
  const optional = <T>(field: UploadField, reader: (raw: string) => T): T | null => {
    const raw = cell(field);
    if (raw === null) return null;
    try {
      return reader(raw);
    } catch (error) {
      if (!(error instanceof read.ValueProblem)) throw error;
      reasons.push(error.message);
      return null;
    }
  };
  const required = <T>(field: UploadField, reader: (raw: string) => T): T | null => {
    if (cell(field) === null) {
      reasons.push(`${UPLOAD_FIELDS[field].label} is missing.`);
      return null;
    }
    return optional(field, reader);
  };
  const number = (field: UploadField, min: number, max: number) =>
    optional(field, (raw) => read.readNumber(raw, UPLOAD_FIELDS[field].label, { min, max }));

  const stockNumber = required('stockNumber', read.readStockNumber);
  const availability = optional('availability', read.readAvailability) ?? 'Available';
  if (availability === 'NotShown' && stockNumber) return { kind: 'not-shown', stockNumber };

  const shape = required('shape', read.readShape);
  const carats = required('weight', (raw) => {
    const weight = read.readNumber(raw, 'Weight', { min: 0.01, max: 99.99 });
    if (Math.abs(weight * 100 - Math.round(weight * 100)) > 1e-6) {
      throw new read.ValueProblem(`Weight ${raw} has more than 2 decimals.`);
    }
    return weight;
  });

  // Colour: a white colour D–Z, or the three fancy-colour fields.
  const reasonsBeforeColor = reasons.length;
  const color = optional('color', read.readColor);
  const colorUnreadable = reasons.length > reasonsBeforeColor;
  const fancyColor = optional('fancyColor', read.readFancyColor);
  let fancyIntensity: string | null = null;
  let fancyOvertone: string | null = null;
  if (color && fancyColor) reasons.push('Give either a white Color or a Fancy Color, not both.');
  if (!color && !fancyColor && !colorUnreadable && !cell('fancyColor')) {
    reasons.push(cell('color') ? 'Color says fancy but Fancy Color is missing.' : 'Color is missing.');
  }
  if (fancyColor) {
    fancyIntensity = optional('fancyIntensity', read.readFancyIntensity) ?? 'Fancy';
    fancyOvertone = optional('fancyOvertone', read.readFancyOvertone) ?? 'None';
  }
  const clarity = optional('clarity', read.readClarity);
  if (color && clarity === null && !reasons.some((r) => r.startsWith('Clarity'))) {
    reasons.push(cell('clarity') ? 'Clarity N (none) is for fancy colours only.' : 'Clarity is missing.');
  }

  const cut = optional('cut', read.readCut);
  const polish = optional('polish', read.readPolish);
  const symmetry = optional('symmetry', read.readSymmetry);
  const fluorescence = optional('fluorescence', read.readFluorescence);
  const lab = optional('lab', read.readLab) ?? DEFAULT_LAB;
  const certificateNumber = optional('certificateNumber', (raw) => {
    if (raw.length > 40) throw new read.ValueProblem(`Certificate # "${raw}" is longer than 40 characters.`);
    return raw;
  });

  const measurements = optional('measurements', read.readMeasurements);
  // A dimension of 0 is a supplier's "not measured", not a stone without size.
  const dimension = (v: number | undefined) => (v ? v : null);
  const length = dimension(measurements?.length);
  const width = dimension(measurements?.width);
  const depth = dimension(measurements?.depth);
  const givenRatio = number('ratio', 0, 100);
  const ratio =
    length && width
      ? round2(Math.max(length, width) / Math.min(length, width))
      : givenRatio
        ? round2(givenRatio)
        : null;

  const locationCells = (['location', 'country', 'state', 'city'] as const)
    .map((field) => cell(field))
    .filter((v): v is string => v !== null);
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

  const girdleThin = optional('girdleThin', read.readGirdleThin);
  const girdleThick = optional('girdleThick', read.readGirdleThick);
  const thinRank = rankIn('girdle_thin', girdleThin);
  const thickRank = rankIn('girdle_thick', girdleThick);
  if (thinRank && thickRank && thinRank > thickRank) {
    reasons.push(`Girdle Thin (${girdleThin}) is thicker than Girdle Thick (${girdleThick}).`);
  }

  const reportDate = optional('reportIssueDate', (raw) => read.readReportDate(raw, context.now));
  const pairLotId = optional('pairStockNumber', (raw) => read.readStockNumber(raw, 'Pair Stock #'));
  if (pairLotId && stockNumber && pairLotId.toLowerCase() === stockNumber.toLowerCase()) {
    reasons.push('Pair Stock # names the stone itself.');
  }
  const keyToSymbols = optional('keyToSymbols', read.readKeyToSymbols) ?? [];
  const text = (field: UploadField, max: number) =>
    optional(field, (raw) => {
      if (raw.length > max)
        throw new read.ValueProblem(`${UPLOAD_FIELDS[field].label} is longer than ${max} characters.`);
      return raw;
    });

  const row = {
    depthPercentage: number('depthPercentage', 0, 100),
    tablePercentage: number('tablePercentage', 0, 100),
    crownAngle: number('crownAngle', 0, 360),
    crownHeight: number('crownHeight', 0, 100),
    pavilionAngle: number('pavilionAngle', 0, 360),
    pavilionHeight: number('pavilionDepth', 0, 100),
    girdlePercentage: number('girdlePercentage', 0, 100),
    lowerHalf: number('lowerHalf', 0, 100),
    starLength: number('starLength', 0, 100),
    culet: rankIn('culet', optional('culet', read.readCulet)),
    shade: rankIn('shade', optional('shade', read.readShade)),
    milky: rankIn('milky', optional('milky', read.readMilky)),
    eyeClean: rankIn('eye_clean', optional('eyeClean', read.readEyeClean)),
    tableBlack: rankIn('table_black', optional('blackInclusion', read.readBlackInclusion)),
    originCountry: rankIn('origin_country', optional('origin', read.readOrigin)),
    inscription: text('inscription', 200),
    reportComments: text('reportComments', 1000),
    imageUrl: optional('imageUrl', (raw) => read.readLink(raw, 'Image URL')),
    videoUrl: optional('videoUrl', (raw) => read.readLink(raw, 'Video URL')),
    certificateUrl: optional('certificateUrl', (raw) => read.readLink(raw, 'Certificate URL')),
  };

  // Price: list from the grid; the asking price from Price Per Carat or Discount %, which agree.
  const pricePerCarat = optional('pricePerCarat', (raw) =>
    read.readNumber(raw, 'Price Per Carat', { min: 0, max: 10_000_000, above: true }),
  );
  const discountRaw = optional('discount', (raw) =>
    read.readNumber(raw, 'Discount %', { min: -100, max: 100 }),
  );
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
