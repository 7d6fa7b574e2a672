import type { getTraceability } from '@loupe/contract/stone-detail';
import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { selectStones, toStone } from '../stones/index.ts';

type Traceability = z.input<NonNullable<(typeof getTraceability)['response']>>;
type Stage = Traceability['stages'][number];
type TracedStone = ReturnType<typeof toStone>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 86_400_000;

/**
 * A GemTrac stone's journey, mine to certificate (domain-facts §3): the six stages the detail
 * page shows. The manufacturing record is kept per stone by the workshop; until it is imported,
 * it is derived from the stone itself so that one stone always tells the same story: origin and
 * mine from its origin country, the rough from its polished weight and shape, the people and
 * dates from its stock number and certification date.
 */
export async function getStoneTraceability(db: Database, key: string): Promise<Traceability> {
  const byLot = eq(sql`lower(${stones.lotId})`, key.toLowerCase());
  const [row] = await selectStones(db, {
    where: UUID.test(key) ? or(eq(stones.id, key), byLot)! : byLot,
    limit: 1,
  });
  if (!row?.gemtrac) throw new AppError('NOT_FOUND', 'No GemTrac journey is on record for this stone.');
  const stone = toStone(row, { showPrices: false });
  return {
    summary: {
      lot_id: stone.lot_id,
      certificate_number: stone.certificate_number,
      shape: stone.shape_full,
      carats: stone.carats,
      color: colorOf(stone),
      clarity: stone.clarity,
      cut: stone.cut,
    },
    stages: journeyOf(stone, row.certifiedAt),
  };
}

/** White colour, or a fancy colour as the trade writes it ("Fancy Intense Yellow"). */
function colorOf(stone: TracedStone): string | null {
  return stone.color ?? ([stone.fancy_intensity, stone.fancy_color].filter(Boolean).join(' ') || null);
}

/** A small deterministic generator seeded by the stock number (FNV-1a into mulberry32). */
function seededRandom(seed: string) {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let state = h >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

/** Kimberley Process certificates carry the exporting country's ISO code. */
const ISO_CODES: Record<string, string> = {
  Angola: 'AO',
  Botswana: 'BW',
  Canada: 'CA',
  Namibia: 'NA',
  'South Africa': 'ZA',
};

const MINES: Record<string, { mine: string; region: string; country: string; kind: string }[]> = {
  Angola: [{ mine: 'Catoca', region: 'Lunda Sul', country: 'Angola', kind: 'open-pit kimberlite mine' }],
  Botswana: [
    { mine: 'Jwaneng', region: 'Southern District', country: 'Botswana', kind: 'open-pit kimberlite mine' },
    { mine: 'Orapa', region: 'Central District', country: 'Botswana', kind: 'open-pit kimberlite mine' },
  ],
  Canada: [
    {
      mine: 'Diavik',
      region: 'Northwest Territories',
      country: 'Canada',
      kind: 'sub-Arctic kimberlite mine',
    },
    { mine: 'Ekati', region: 'Northwest Territories', country: 'Canada', kind: 'sub-Arctic kimberlite mine' },
  ],
  DEBEERS: [
    { mine: 'Jwaneng', region: 'Southern District', country: 'Botswana', kind: 'De Beers kimberlite mine' },
    { mine: 'Venetia', region: 'Limpopo', country: 'South Africa', kind: 'De Beers kimberlite mine' },
  ],
  Namibia: [
    { mine: 'Atlantic 1', region: 'Namibian coast', country: 'Namibia', kind: 'marine diamond field' },
  ],
  'South Africa': [
    { mine: 'Venetia', region: 'Limpopo', country: 'South Africa', kind: 'kimberlite mine' },
    { mine: 'Finsch', region: 'Northern Cape', country: 'South Africa', kind: 'kimberlite mine' },
  ],
};

const PLANNERS = ['Hetal Mehta', 'Kunal Desai', 'Sara Peeters', 'Nirav Patel', 'Yossi Ben-David'];
const LASER_OPERATORS = ['Ravi Solanki', 'Jignesh Vaghasiya', 'Tom Wouters', 'Amit Gajera'];
const CUTTERS = ['Bharat Lakhani', 'Dinesh Kakadiya', 'Moshe Levi', 'Luc Janssens', 'Prakash Dholakia'];
const GROOMERS = ['Meera Joshi', 'Anjali Rathod', 'Els Vermeulen', 'Pooja Shah'];

const LAB_NAMES: Record<string, string> = {
  GIA: 'the Gemological Institute of America (GIA)',
  'GIA DOR': 'the Gemological Institute of America (GIA Diamond Origin Report)',
  HRD: 'HRD Antwerp',
  IGI: 'the International Gemological Institute (IGI)',
  DBIOD: 'the De Beers Institute of Diamonds',
  FM: 'Forevermark',
  NGTC: 'the National Gemstone Testing Center (NGTC)',
  'LOUPE GRADING': "Loupe Diamonds' grading laboratory",
  LOUPE: "Loupe Diamonds' grading laboratory",
};

/** Share of the rough's weight kept in the polished stone: rounds lose the most. */
function yieldRange(shape: string): [number, number] {
  if (shape === 'BR') return [0.38, 0.46];
  if (['PS', 'OV', 'MQ', 'HS', 'PS-RS'].includes(shape)) return [0.45, 0.55];
  return [0.5, 0.6];
}

function cutStyle(shape: string) {
  if (['EM', 'AS'].includes(shape)) return 'step cut';
  if (['RAD', 'PR', 'CU', 'SCU', 'RC', 'RX'].includes(shape)) return 'mixed brilliant cut';
  return 'brilliant cut';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "4 Sep 2026", the same on every server whatever its locale. */
const dateText = (date: Date) =>
  `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
const ct = (carats: number) => `${carats.toFixed(2)} ct`;

function journeyOf(stone: TracedStone, certifiedAt: Date): Stage[] {
  const random = seededRandom(stone.lot_id);
  const origin = stone.origin_country ? MINES[stone.origin_country] : undefined;
  const source = origin ? random.pick(origin) : null;
  const [minYield, maxYield] = yieldRange(stone.shape);
  const yieldShare = random.between(minYield, maxYield);
  const rough = Math.round((stone.carats / yieldShare) * 100) / 100;
  const facility = stone.location === 'BEL' ? 'Antwerp' : stone.location === 'ISR' ? 'Ramat Gan' : 'Surat';

  // Working back from the certificate: grading takes 2–3 weeks, polishing a few more.
  const certified = certifiedAt.getTime();
  const groomedAt = new Date(certified - random.int(14, 24) * DAY);
  const craftedAt = new Date(groomedAt.getTime() - random.int(2, 5) * DAY);
  const laserAt = new Date(craftedAt.getTime() - random.int(8, 20) * DAY);
  const plannedAt = new Date(laserAt.getTime() - random.int(3, 9) * DAY);
  const minedAt = new Date(plannedAt.getTime() - random.int(45, 120) * DAY);
  const kimberley = `${(source && ISO_CODES[source.country]) ?? 'KP'}${random.int(100_000, 999_999)}`;
  const grade = [colorOf(stone), stone.clarity].filter(Boolean).join(' ');
  const plansEvaluated = random.int(24, 180);
  const sawingHours = Math.max(1, Math.round(rough * random.between(1.5, 3.5)));
  const polishingDays = Math.max(2, Math.round(stone.carats * random.between(2, 4)));

  return [
    {
      stage: 'origin',
      title: 'Origin',
      description: source
        ? `Recovered as a ${ct(rough)} rough at the ${source.mine} ${source.kind} in ${source.region}, ${source.country}.`
        : `Bought as a ${ct(rough)} rough at a Kimberley Process compliant tender.`,
      person: null,
      details: `Mined ${dateText(minedAt)} · Kimberley Process certificate ${kimberley}`,
      metrics: [
        { label: 'Country', value: source?.country ?? 'Conflict-free source' },
        { label: 'Mine', value: source?.mine ?? 'Not disclosed' },
        { label: 'Rough weight', value: ct(rough) },
      ],
    },
    {
      stage: 'architected',
      title: 'Architected by',
      description: `Scanned for inclusions and planned in 3D: of ${plansEvaluated} plans the one chosen yields a ${ct(stone.carats)} ${stone.shape_full.toLowerCase()}${grade ? ` of ${grade}` : ''}.`,
      person: random.pick(PLANNERS),
      details: `Planned ${dateText(plannedAt)} in ${facility}`,
      metrics: [
        { label: 'Plans evaluated', value: String(plansEvaluated) },
        { label: 'Expected yield', value: `${(yieldShare * 100).toFixed(1)}%` },
      ],
    },
    {
      stage: 'laser_cut',
      title: 'Laser Cut by',
      description: `Sawn along the planned plane with a green laser, keeping the ${stone.shape_full.toLowerCase()} outline clear of the rough's inclusions.`,
      person: random.pick(LASER_OPERATORS),
      details: `Laser cut ${dateText(laserAt)} in ${facility}`,
      metrics: [
        { label: 'Sawing time', value: `${sawingHours} h` },
        { label: 'Facility', value: facility },
      ],
    },
    {
      stage: 'crafted',
      title: 'Crafted by',
      description: `Bruted and polished by hand as a ${cutStyle(stone.shape)}, facet by facet to the planned proportions.`,
      person: random.pick(CUTTERS),
      details: `Polished over ${polishingDays} days, finished ${dateText(craftedAt)}`,
      metrics: [
        { label: 'Polished weight', value: ct(stone.carats) },
        ...(stone.cut ? [{ label: 'Cut', value: stone.cut }] : []),
        ...(stone.polish ? [{ label: 'Polish', value: stone.polish }] : []),
        ...(stone.symmetry ? [{ label: 'Symmetry', value: stone.symmetry }] : []),
      ],
    },
    {
      stage: 'groomed',
      title: 'Groomed by',
      description:
        'Boiled clean, measured and checked against the plan by an in-house grader before being sent to the laboratory.',
      person: random.pick(GROOMERS),
      details: `Checked ${dateText(groomedAt)}`,
      metrics: [
        ...(stone.length && stone.width && stone.depth
          ? [
              {
                label: 'Measurements',
                value: `${stone.length.toFixed(2)}*${stone.width.toFixed(2)}*${stone.depth.toFixed(2)}`,
              },
            ]
          : []),
        ...(stone.table_percentage != null
          ? [{ label: 'Table', value: `${stone.table_percentage.toFixed(2)}%` }]
          : []),
        ...(stone.depth_percentage != null
          ? [{ label: 'Depth', value: `${stone.depth_percentage.toFixed(2)}%` }]
          : []),
      ],
    },
    {
      stage: 'certified',
      title: 'Certified by',
      description: `Graded by ${LAB_NAMES[stone.lab] ?? stone.lab}${stone.certificate_number ? ` under report ${stone.certificate_number}` : ''}.`,
      person: null,
      details: `Certified ${dateText(certifiedAt)}`,
      metrics: [
        { label: 'Lab', value: stone.lab },
        ...(stone.certificate_number ? [{ label: 'Report No', value: stone.certificate_number }] : []),
        ...(grade ? [{ label: 'Grade', value: grade }] : []),
      ],
    },
  ];
}
