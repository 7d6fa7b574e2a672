import {
  CULETS,
  FANCY_COLORS,
  FANCY_INTENSITIES,
  FANCY_OVERTONES,
  GIRDLES,
  type Grade,
  KEY_TO_SYMBOLS,
  LABS,
  ORIGINS,
  SHADES,
} from '@loupe/contract/stone-vocabulary';

/**
 * The values of the supplier upload and how each becomes Loupe's vocabulary
 * (stock-upload-format.md). Each reader takes a trimmed, non-empty cell and answers the value or
 * throws a ValueProblem whose message goes into the import report as written.
 *
 * Where a supplier gives a split grade (VG-EX, G-VG, F-G) Loupe records the lower one: a stone
 * is never shown better than its report, and buyers filter on the grade they can rely on.
 * Ideal (I, ID) is above Excellent on AGS's scale and is recorded as Excellent, the top of ours.
 */

export class ValueProblem extends Error {}

/** Case, repeated spaces and stray dots do not matter in grade names. */
const key = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');

function lookup(table: Record<string, string>, what: string, known: string) {
  const map = new Map(Object.entries(table).map(([k, v]) => [key(k), v]));
  return (raw: string) => {
    const found = map.get(key(raw));
    if (found === undefined) throw new ValueProblem(`${what} "${raw}" is not known (use ${known}).`);
    return found;
  };
}

/** A vocabulary list read by its values and labels, plus extra spellings. */
function fromVocabulary(list: readonly Grade[], what: string, extra: Record<string, string> = {}) {
  const table: Record<string, string> = { ...extra };
  for (const grade of list) {
    table[grade.value] = grade.value;
    table[grade.label] = grade.value;
  }
  return lookup(table, what, list.map((g) => g.value).join(', '));
}

const aliases = (code: string, names: string[]) => Object.fromEntries(names.map((n) => [n, code]));

export const readShape = lookup(
  {
    ...aliases('BR', ['Round', 'Round Brilliant', 'B', 'BR', 'RB', 'RD', 'RBC', 'RND']),
    ...aliases('PS', ['Pear', 'P', 'PS', 'PSH', 'PB', 'PMB']),
    ...aliases('EM', ['Emerald', 'E', 'EM', 'EC']),
    ...aliases('PR', ['Princess', 'PRN', 'PR', 'PRIN', 'PN', 'PC', 'MDSQB', 'SMB']),
    ...aliases('MQ', ['Marquise', 'MQB', 'M', 'MQ']),
    ...aliases('AS', ['Asscher', 'A', 'AS', 'CSS', 'CSSC', 'AC']),
    ...aliases('CU', ['Cushion', 'CB', 'Cushion Brilliant', 'C', 'CUX', 'CU', 'CMB', 'CUSH']),
    ...aliases('HS', ['Heart', 'H', 'HS', 'HT', 'MHRC']),
    ...aliases('OV', ['Oval', 'O', 'OV', 'OMB']),
    ...aliases('RAD', ['Radiant', 'R', 'RAD', 'RA', 'RC', 'RDN', 'CRB', 'RCRB']),
    ...aliases('PS-RS', ['PS-RS', 'Pear Rose']),
    ...aliases('SPL', ['SPL', 'Special']),
    ...aliases('RMB', ['RMB', 'Rhombus']),
    ...aliases('SCU', ['SCU', 'Square Cushion']),
    ...aliases('RX', ['RX', 'Radiant Square']),
    ...aliases('TR', ['TR', 'Triangle', 'Trillion']),
  },
  'Shape',
  'Round, Pear, Emerald, Asscher, Cushion, Radiant, Princess, Oval, Marquise, Heart or their codes',
);

const WHITE = 'DEFGHIJKLMNOPQRSTUVWXYZ';
/** D…Z; a range such as "W-X" is recorded as its lower colour. `null` means a fancy colour. */
export function readColor(raw: string): string | null {
  const value = raw.trim().toUpperCase();
  if (['FANCY', 'FC', 'FCY', '*'].includes(value)) return null;
  const range = value.match(/^([D-Z])\s*[-/]\s*([D-Z])$/);
  if (range) return WHITE.indexOf(range[1]!) > WHITE.indexOf(range[2]!) ? range[1]! : range[2]!;
  if (/^[D-Z]$/.test(value)) return value;
  throw new ValueProblem(`Color "${raw}" is not a colour from D to Z (fancy stones use Fancy Color).`);
}

export const readFancyColor = fromVocabulary(FANCY_COLORS, 'Fancy Color', { Grey: 'Gray' });
export const readFancyIntensity = fromVocabulary(FANCY_INTENSITIES, 'Fancy Color Intensity');
export const readFancyOvertone = fromVocabulary(FANCY_OVERTONES, 'Fancy Color Overtone', {
  Gray: 'Grey',
  Grayish: 'Greyish',
});

/** Clarity; `null` for N (no clarity, fancy stones only). */
export function readClarity(raw: string): string | null {
  const value = raw.trim().toUpperCase().replace(/\s+/g, '');
  const mapped: Record<string, string> = { LC: 'IF', P1: 'I1', P2: 'I2', P3: 'I3' };
  if (value === 'N') return null;
  if (mapped[value]) return mapped[value]!;
  if (['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'SI3', 'I1', 'I2', 'I3'].includes(value))
    return value;
  throw new ValueProblem(`Clarity "${raw}" is not known (use FL, IF, VVS1 … I3, or N for a fancy colour).`);
}

const FINISH_ALIASES = {
  ...aliases('EX', ['I', 'ID', 'Ideal', 'EX', 'EXC', 'Excellent', 'X']),
  ...aliases('VG', ['VG-EX', 'EX-VG', 'VG', 'Very Good', 'V', 'V.G', 'V.G.']),
  ...aliases('G', ['G-VG', 'VG-G', 'G', 'Good', 'GD']),
  ...aliases('F', ['F-G', 'G-F', 'F', 'Fair', 'FR']),
  ...aliases('P', ['P', 'Poor']),
};
const FINISH_KNOWN = 'ID, EX, VG-EX, VG, G-VG, G, F-G, F or P';
export const readCut = lookup(FINISH_ALIASES, 'Cut Grade', FINISH_KNOWN);
export const readPolish = lookup(FINISH_ALIASES, 'Polish', FINISH_KNOWN);
export const readSymmetry = lookup(FINISH_ALIASES, 'Symmetry', FINISH_KNOWN);

export const readFluorescence = lookup(
  {
    ...aliases('NON', ['None', 'N', 'NON']),
    ...aliases('VSL', ['Very Slight', 'VSL']),
    ...aliases('FNT', ['Faint', 'F', 'FNT']),
    ...aliases('SLT', ['Slight', 'SL', 'SLT']),
    ...aliases('MED', ['Medium', 'M', 'MED']),
    ...aliases('STG', ['Strong', 'S', 'STG']),
    ...aliases('VSTG', ['Very Strong', 'VS', 'VSTG']),
  },
  'Fluorescence',
  'None, Very Slight, Faint, Slight, Medium, Strong, Very Strong or NON, VSL, FNT, SLT, MED, STG, VSTG',
);

export const readLab = fromVocabulary(LABS, 'Lab');

export type Availability = 'Available' | 'Memo' | 'NotShown';
export const readAvailability = lookup(
  {
    ...aliases('Available', ['G', 'GA', 'Guaranteed', 'Guaranteed Available', 'STPS']),
    ...aliases('Memo', ['M', 'Memo', 'On Memo']),
    ...aliases('NotShown', ['NA', 'N', 'Unavailable', 'Not Available']),
  },
  'Availability',
  'G, GA, Guaranteed, M, Memo, On Memo, STPS, NA, N or Unavailable',
) as (raw: string) => Availability;

/** Where Loupe keeps stock: location codes, countries, and the cities and states of its offices. */
export const readLocation = lookup(
  {
    ...aliases('IND', ['IND', 'IN', 'India', 'Mumbai', 'Bombay', 'Surat', 'Maharashtra', 'Gujarat']),
    ...aliases('BEL', ['BEL', 'BE', 'Belgium', 'Antwerp', 'Antwerpen', 'Anvers']),
    ...aliases('DUB', ['DUB', 'AE', 'UAE', 'United Arab Emirates', 'Dubai']),
    ...aliases('ISR', ['ISR', 'IL', 'Israel', 'Ramat Gan', 'Tel Aviv']),
    ...aliases('USA', ['USA', 'US', 'United States', 'United States of America', 'New York', 'NY', 'NYC']),
    ...aliases('USA-BD', ['USA-BD']),
  },
  'Location',
  'India, Belgium, Dubai (UAE), Israel, USA or USA-BD',
);

export const readGirdleThin = fromVocabulary(GIRDLES, 'Girdle Thin');
export const readGirdleThick = fromVocabulary(GIRDLES, 'Girdle Thick');
export const readCulet = fromVocabulary(CULETS, 'Culet Size', {
  N: 'None',
  NON: 'None',
  P: 'Pointed',
  VS: 'Very Small',
  S: 'Small',
  SM: 'Small',
  M: 'Medium',
  MED: 'Medium',
  L: 'Large',
  LG: 'Large',
});
export const readShade = fromVocabulary(SHADES, 'Shade', { No: 'None', NON: 'None' });
export const readMilky = lookup(
  {
    ...aliases('M0', ['M0', 'None', 'No', 'No Milky', 'NON']),
    ...aliases('M1', ['M1', 'Light', 'Slight']),
    ...aliases('M2', ['M2', 'Medium']),
    ...aliases('M3', ['M3', 'Heavy']),
  },
  'Milky',
  'M0, M1, M2, M3 (or None, Light, Medium, Heavy)',
);
export const readEyeClean = lookup(
  {
    ...aliases('Y', ['Y', 'Yes', '100%', 'E0']),
    ...aliases('N', ['N', 'No']),
    ...aliases('B', ['B', 'Borderline']),
  },
  'Eye Clean',
  'Y, N or B',
);
export const readBlackInclusion = lookup(
  { ...aliases('B0', ['B0', 'None', 'No', 'NON']), BPP: 'BPP', B1: 'B1', B2: 'B2', B3: 'B3' },
  'Black Inclusion',
  'B0, BPP, B1, B2 or B3',
);
export const readOrigin = fromVocabulary(ORIGINS, 'Country Of Origin', { 'De Beers': 'DEBEERS' });

const readSymbol = fromVocabulary(KEY_TO_SYMBOLS, 'Key To Symbols');
export function readKeyToSymbols(raw: string): string[] {
  const names = raw
    .split(/[,;|]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const problems: string[] = [];
  const symbols = new Set<string>();
  for (const name of names) {
    try {
      symbols.add(readSymbol(name));
    } catch {
      problems.push(`"${name}"`);
    }
  }
  if (problems.length > 0) {
    throw new ValueProblem(
      `Key To Symbols ${problems.join(', ')} ${problems.length === 1 ? 'is' : 'are'} not known.`,
    );
  }
  return [...symbols];
}

/** A plain decimal number: digits, one point, a sign; no `$`, `%`, thousands separators or spaces. */
export function readNumber(raw: string, what: string, range: { min: number; max: number; above?: boolean }) {
  const value = raw.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) {
    throw new ValueProblem(`${what} "${raw}" is not a plain number (no $, %, commas or units).`);
  }
  const n = Number(value);
  const tooLow = range.above ? n <= range.min : n < range.min;
  if (tooLow || n > range.max) {
    throw new ValueProblem(
      `${what} ${value} is outside ${range.above ? 'above ' : ''}${range.min}–${range.max}.`,
    );
  }
  return n;
}

/** Length × width × depth in mm: `5.70 x 5.72 x 3.57`, `5.70*5.72*3.57` or `5.70-5.72x3.57`. */
export function readMeasurements(raw: string) {
  const match = raw
    .trim()
    .match(/^(\d+(?:\.\d+)?)\s*(?:[x×*]|-)\s*(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?$/i);
  if (!match) {
    throw new ValueProblem(`Measurements "${raw}" are not length × width × depth, e.g. 5.70 x 5.72 x 3.57.`);
  }
  const [length, width, depth] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if ([length, width, depth].some((v) => v > 100)) {
    throw new ValueProblem(`Measurements "${raw}" are over 100 mm.`);
  }
  return { length, width, depth };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A report date: YYYY-MM-DD (time allowed), or with the month in words ("March 4, 2025", "4 Mar 2025"). */
export function readReportDate(raw: string, now: Date): Date {
  const value = raw.trim();
  let date: Date | null = null;
  const iso = value.match(
    /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/,
  );
  const monthFirst = value.match(/^([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/);
  const dayFirst = value.match(/^(\d{1,2})[\s-]+([A-Za-z]{3,})\.?[\s-]+(\d{4})$/);
  const make = (y: number, m: number, d: number) => {
    const candidate = new Date(Date.UTC(y, m - 1, d));
    return candidate.getUTCFullYear() === y &&
      candidate.getUTCMonth() === m - 1 &&
      candidate.getUTCDate() === d
      ? candidate
      : null;
  };
  if (iso) {
    date = make(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (date && iso[4]) {
      const parsed = new Date(value.replace(' ', 'T') + (iso[7] ? '' : 'Z'));
      date = Number.isNaN(parsed.getTime()) ? null : parsed;
    }
  } else if (monthFirst || dayFirst) {
    const [monthName, day, year] = monthFirst
      ? [monthFirst[1]!, monthFirst[2]!, monthFirst[3]!]
      : [dayFirst![2]!, dayFirst![1]!, dayFirst![3]!];
    const month = MONTHS.indexOf(monthName.slice(0, 3).toLowerCase()) + 1;
    if (month > 0) date = make(Number(year), month, Number(day));
  }
  if (!date) {
    throw new ValueProblem(
      `Report Issue Date "${raw}" is not a date; write it as YYYY-MM-DD, e.g. 2025-03-14.`,
    );
  }
  if (date.getTime() > now.getTime()) throw new ValueProblem(`Report Issue Date ${value} is in the future.`);
  if (date.getUTCFullYear() < 1950) throw new ValueProblem(`Report Issue Date ${value} is before 1950.`);
  return date;
}

/** A stock number: 3–32 letters, digits, `-`, `_`, `/` and single dots, starting and ending alphanumeric. */
export function readStockNumber(raw: string, what = 'Stock #'): string {
  const value = raw.trim();
  if (value.length < 3 || value.length > 32) {
    throw new ValueProblem(`${what} "${raw}" must be 3 to 32 characters long.`);
  }
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9_/-]|\.(?!\.))*[A-Za-z0-9]$/.test(value)) {
    throw new ValueProblem(
      `${what} "${raw}" may hold only letters, digits, -, _, / and single dots, and must start and end with a letter or digit.`,
    );
  }
  return value;
}

/** A link: a web address, or a path on this portal. */
export function readLink(raw: string, what: string): string {
  const value = raw.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // falls through to the problem below
  }
  throw new ValueProblem(`${what} "${raw}" is not a web address (http:// or https://).`);
}
