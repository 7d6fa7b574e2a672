import type { Stone } from '@loupe/contract/stones';
import { colorText, girdleText, measurementsText } from '../stones/index.ts';
import { type Point, sideProfile, topView } from './stone-geometry.ts';

/**
 * The stone's image: a proportion diagram drawn from its grading data, as a lab report draws
 * one. Left the top view at the stone's length/width ratio, right the side profile with its
 * table, crown, girdle, pavilion and depth. It holds no price, so it may be served publicly.
 */

const WIDTH = 720;
const HEIGHT = 420;
const INK = '#1f2a37';
const FACET = '#8593a3';
const MUTED = '#5b6776';
const ACCENT = '#2f6f9f';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const n = (value: number) => (Math.round(value * 10) / 10).toString();
const pct = (value: number | null) => (value == null ? '-' : `${value.toFixed(1)}%`);
const angle = (value: number | null) => (value == null ? '-' : `${value.toFixed(1)}°`);

function label(
  x: number,
  y: number,
  text: string,
  options: { anchor?: string; size?: number; weight?: number; fill?: string } = {},
) {
  const { anchor = 'start', size = 12, weight = 400, fill = MUTED } = options;
  return `<text x="${n(x)}" y="${n(y)}" text-anchor="${anchor}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(text)}</text>`;
}

const points = (list: readonly Point[], place: (p: Point) => Point) =>
  list
    .map((p) => place(p))
    .map(([x, y]) => `${n(x)},${n(y)}`)
    .join(' ');

/** A dimension line with end ticks and its label (along the line when it is vertical). */
function dimension(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  text: string,
  side: 'left' | 'right' | 'above' | 'below',
) {
  const vertical = x1 === x2;
  const tick = 4;
  const ticks = vertical
    ? `M${n(x1 - tick)},${n(y1)}H${n(x1 + tick)}M${n(x2 - tick)},${n(y2)}H${n(x2 + tick)}`
    : `M${n(x1)},${n(y1 - tick)}V${n(y1 + tick)}M${n(x2)},${n(y2 - tick)}V${n(y2 + tick)}`;
  const line = `<path d="M${n(x1)},${n(y1)}L${n(x2)},${n(y2)}${ticks}" stroke="${ACCENT}" stroke-width="1" fill="none"/>`;
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  if (vertical) {
    const lx = side === 'left' ? x1 - 7 : x1 + 15;
    return `${line}<text x="${n(lx)}" y="${n(my)}" transform="rotate(-90 ${n(lx)} ${n(my)})" text-anchor="middle" font-size="12" fill="${ACCENT}">${escapeXml(text)}</text>`;
  }
  return line + label(mx, side === 'above' ? y1 - 7 : y1 + 16, text, { anchor: 'middle', fill: ACCENT });
}

function topViewSvg(stone: Stone): string {
  const view = topView(stone.shape, stone.ratio, stone.table_percentage, stone.star_length);
  const box = { x: 40, y: 84, width: 250, height: 262 };
  const unit = Math.min(box.width / (2 * view.halfWidth), box.height / (2 * view.halfLength)) * 0.82;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const place = ([x, y]: Point): Point => [cx + x * unit, cy + y * unit];
  const facets = view.facets
    .map(([a, b]) => {
      const [x1, y1] = place(a);
      const [x2, y2] = place(b);
      return `M${n(x1)},${n(y1)}L${n(x2)},${n(y2)}`;
    })
    .join('');
  const left = cx - view.halfWidth * unit;
  const right = cx + view.halfWidth * unit;
  const top = cy - view.halfLength * unit;
  const bottom = cy + view.halfLength * unit;
  const ratio = stone.ratio ?? (stone.length && stone.width ? stone.length / stone.width : null);
  const measurements = measurementsText(stone);
  return [
    `<g id="top-view" data-shape="${escapeXml(stone.shape)}" data-ratio="${ratio == null ? '' : ratio.toFixed(2)}">`,
    `<polygon id="outline" points="${points(view.outline, place)}" fill="url(#crown)" stroke="${INK}" stroke-width="1.6" stroke-linejoin="round"/>`,
    `<polygon id="table" points="${points(view.table, place)}" fill="#ffffff" fill-opacity="0.55" stroke="${FACET}" stroke-width="0.9"/>`,
    `<path id="facets" d="${facets}" stroke="${FACET}" stroke-width="0.7" fill="none"/>`,
    dimension(
      left,
      bottom + 18,
      right,
      bottom + 18,
      stone.width == null ? 'width' : `${stone.width.toFixed(2)} mm`,
      'below',
    ),
    dimension(
      left - 18,
      top,
      left - 18,
      bottom,
      stone.length == null ? 'length' : `${stone.length.toFixed(2)} mm`,
      'left',
    ),
    label(cx, box.y - 8, `${stone.shape_full} · L/W ${ratio == null ? '-' : ratio.toFixed(2)}`, {
      anchor: 'middle',
      size: 13,
      weight: 600,
      fill: INK,
    }),
    measurements
      ? label(cx, bottom + 56, `${measurements.replaceAll('*', ' × ')} mm`, { anchor: 'middle' })
      : '',
    '</g>',
  ].join('');
}

function profileSvg(stone: Stone): string {
  const profile = sideProfile(stone);
  const box = { x: 470, y: 120, width: 200 };
  const unit = box.width;
  const cx = box.x + box.width / 2;
  const place = ([x, y]: Point): Point => [cx + x * unit, box.y + y * unit];
  const tl = place([-profile.table / 2, 0]);
  const tr = place([profile.table / 2, 0]);
  const girdleTop = box.y + profile.crownHeight * unit;
  const girdleBottom = girdleTop + profile.girdle * unit;
  const bottom = girdleBottom + profile.pavilionDepth * unit;
  const left = cx - unit / 2;
  const right = cx + unit / 2;
  const girdle = girdleText(stone);
  // Parts the lab did not measure are still drawn (from the depth) but say so.
  const crown =
    stone.crown_angle == null && stone.crown_height == null
      ? 'Crown not measured'
      : `Crown ${angle(stone.crown_angle)} · ${pct(stone.crown_height)}`;
  const pavilion =
    stone.pavilion_angle == null && stone.pavilion_height == null
      ? 'Pavilion not measured'
      : `Pavilion ${angle(stone.pavilion_angle)} · ${pct(stone.pavilion_height)}`;
  return [
    '<g id="profile">',
    `<polygon id="profile-outline" points="${points(profile.outline, place)}" fill="url(#pavilion)" stroke="${INK}" stroke-width="1.6" stroke-linejoin="round"/>`,
    `<path d="M${n(left)},${n(girdleTop)}H${n(right)}M${n(left)},${n(girdleBottom)}H${n(right)}" stroke="${FACET}" stroke-width="0.8"/>`,
    // The crown's and pavilion's main facets as the profile shows them.
    `<path d="M${n(tl[0])},${n(tl[1])}L${n(cx - unit / 4)},${n(girdleTop)}M${n(tr[0])},${n(tr[1])}L${n(cx + unit / 4)},${n(girdleTop)}M${n(cx - unit / 4)},${n(girdleBottom)}L${n(cx)},${n(bottom)}L${n(cx + unit / 4)},${n(girdleBottom)}" stroke="${FACET}" stroke-width="0.6" fill="none"/>`,
    dimension(tl[0], box.y - 14, tr[0], box.y - 14, `Table ${pct(stone.table_percentage)}`, 'above'),
    dimension(right + 18, box.y, right + 18, bottom, `Depth ${pct(stone.depth_percentage)}`, 'right'),
    label(left - 6, (box.y + girdleTop) / 2 + 4, crown, { anchor: 'end' }),
    label(
      left - 6,
      girdleBottom + 10,
      `Girdle ${pct(stone.girdle_percentage)}${girdle ? ` · ${girdle}` : ''}`,
      {
        anchor: 'end',
      },
    ),
    label(left - 6, (girdleBottom + bottom) / 2 + 4, pavilion, { anchor: 'end' }),
    label(cx, bottom + 20, `Culet ${stone.culet ?? '-'}`, { anchor: 'middle' }),
    label(cx, bottom + 38, `Star ${pct(stone.star_length)} · Lower half ${pct(stone.lower_half)}`, {
      anchor: 'middle',
    }),
    '</g>',
  ].join('');
}

/** The SVG document of a stone's proportion diagram. */
export function renderStoneDiagram(stone: Stone): string {
  const color = colorText(stone) ?? '-';
  const heading =
    `${stone.lot_id} · ${stone.shape_full} ${stone.carats.toFixed(2)} ct · ${color} ${stone.clarity ?? ''}`.trim();
  const grades = [
    stone.certificate_number ? `${stone.lab} ${stone.certificate_number}` : stone.lab,
    stone.cut ? `Cut ${stone.cut}` : null,
    stone.polish ? `Polish ${stone.polish}` : null,
    stone.symmetry ? `Symmetry ${stone.symmetry}` : null,
    stone.fluorescence ? `Fluorescence ${stone.fluorescence}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="title" font-family="Helvetica, Arial, sans-serif">`,
    `<title id="title">${escapeXml(`Proportion diagram of ${heading}`)}</title>`,
    '<defs>',
    '<radialGradient id="crown" cx="45%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dfe7ef"/></radialGradient>',
    '<linearGradient id="pavilion" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f9fc"/><stop offset="1" stop-color="#d5dee8"/></linearGradient>',
    '</defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    label(24, 32, heading, { size: 17, weight: 700, fill: INK }),
    label(24, 52, grades, { size: 12 }),
    topViewSvg(stone),
    profileSvg(stone),
    label(WIDTH - 24, HEIGHT - 14, 'Drawn by Loupe Diamonds from the grading data', {
      anchor: 'end',
      size: 10,
      fill: '#98a2ae',
    }),
    '</svg>',
  ].join('\n');
}
