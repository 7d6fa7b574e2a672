/**
 * A stone's proportion diagram as plain geometry, drawn by both the SVG image and the grading
 * summary PDF: the top view (girdle outline at the stone's length/width ratio, with the crown's
 * facet pattern) and the side profile (table, crown, girdle, pavilion and culet at the graded
 * percentages). Units are fractions of the stone's width; y grows downwards, length runs along y.
 */

export type Point = readonly [x: number, y: number];

export interface TopView {
  /** Half width (always 0.5) and half length (ratio / 2). */
  halfWidth: number;
  halfLength: number;
  outline: Point[];
  /** The table and facet edges as line segments. */
  facets: [Point, Point][];
  table: Point[];
  pattern: 'brilliant' | 'step';
}

export interface ProfileInput {
  table_percentage: number | null;
  depth_percentage: number | null;
  crown_angle: number | null;
  crown_height: number | null;
  pavilion_angle: number | null;
  pavilion_height: number | null;
  girdle_percentage: number | null;
  culet: string | null;
}

export interface SideProfile {
  /** The outline, clockwise from the table's left corner. */
  outline: Point[];
  table: number;
  crownHeight: number;
  girdle: number;
  pavilionDepth: number;
  totalDepth: number;
  /** Which of the heights were not graded and are drawn from the other values. */
  estimated: { crown: boolean; pavilion: boolean; girdle: boolean; table: boolean };
}

const TAU = Math.PI * 2;
const CURVE_POINTS = 96;
const degrees = (d: number) => (d * Math.PI) / 180;

function ellipse(w: number, h: number): Point[] {
  return Array.from({ length: CURVE_POINTS }, (_, i) => {
    const a = -Math.PI / 2 + (i / CURVE_POINTS) * TAU;
    return [w * Math.cos(a), h * Math.sin(a)] as const;
  });
}

/** Rounded bottom (a half circle of the full width), sides tapering to the point at the top. */
function pear(w: number, h: number): Point[] {
  const length = Math.max(2 * h, 2 * w);
  const top = -length / 2;
  const centreY = length / 2 - w;
  const side: Point[] = [];
  const n = CURVE_POINTS / 4;
  for (let i = 0; i <= n; i++) {
    const s = i / n;
    side.push([w * Math.sin((s * Math.PI) / 2), top + (centreY - top) * s]);
  }
  const round: Point[] = [];
  for (let i = 1; i < CURVE_POINTS / 2; i++) {
    const a = (i / (CURVE_POINTS / 2)) * Math.PI;
    round.push([w * Math.cos(a), centreY + w * Math.sin(a)]);
  }
  const left = side
    .slice(1)
    .reverse()
    .map(([x, y]) => [-x, y] as const);
  return [...side, ...round, ...left];
}

/** Two circular arcs meeting in a point at each end. */
function marquise(w: number, h: number): Point[] {
  const r = (h * h + w * w) / (2 * w);
  const points: Point[] = [];
  const n = CURVE_POINTS / 2;
  for (let i = 0; i <= n; i++) {
    const y = -h + (2 * h * i) / n;
    points.push([w - r + Math.sqrt(Math.max(0, r * r - y * y)), y]);
  }
  for (let i = n - 1; i > 0; i--) {
    const [x, y] = points[i]!;
    points.push([-x, y]);
  }
  return points;
}

/** Two lobes with the cleft at the top, tapering to the point at the bottom. */
function heart(w: number, h: number): Point[] {
  const r = 0.55 * w;
  const cx = w - r;
  const cy = -h + r;
  const right: Point[] = [];
  // From the cleft over the lobe to its outermost point.
  const start = Math.PI + Math.acos(Math.min(1, cx / r));
  const steps = CURVE_POINTS / 4;
  for (let i = 0; i <= steps; i++) {
    const a = start + ((TAU - start) * i) / steps;
    right.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  for (let i = 1; i <= steps; i++) {
    const s = i / steps;
    right.push([w * Math.cos((s * Math.PI) / 2), cy + (h - cy) * s]);
  }
  const left = right
    .slice(0, -1)
    .reverse()
    .map(([x, y]) => [-x, y] as const);
  return [...right, ...left.slice(0, -1)];
}

/** A rectangle with its corners cut at 45°, clockwise from the top edge. */
function cutCorners(w: number, h: number, corner: number): Point[] {
  const c = Math.min(corner, w * 0.9, h * 0.9);
  return [
    [-w + c, -h],
    [w - c, -h],
    [w, -h + c],
    [w, h - c],
    [w - c, h],
    [-w + c, h],
    [-w, h - c],
    [-w, -h + c],
  ];
}

function superellipse(w: number, h: number, n: number): Point[] {
  return Array.from({ length: CURVE_POINTS }, (_, i) => {
    const a = -Math.PI / 2 + (i / CURVE_POINTS) * TAU;
    const c = Math.cos(a);
    const s = Math.sin(a);
    return [w * Math.sign(c) * Math.abs(c) ** (2 / n), h * Math.sign(s) * Math.abs(s) ** (2 / n)] as const;
  });
}

/** A trillion: three slightly bowed sides, one point at the top. */
function trillion(w: number, h: number): Point[] {
  const corners: Point[] = [
    [0, -h],
    [w, h],
    [-w, h],
  ];
  const points: Point[] = [];
  const n = CURVE_POINTS / 3;
  for (let k = 0; k < 3; k++) {
    const a = corners[k]!;
    const b = corners[(k + 1) % 3]!;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    const len = Math.hypot(mx, my) || 1;
    const bow = 0.08 * w;
    const control: Point = [mx + (mx / len) * bow * 2, my + (my / len) * bow * 2];
    for (let i = 0; i < n; i++) {
      const t = i / n;
      const u = 1 - t;
      points.push([
        u * u * a[0] + 2 * u * t * control[0] + t * t * b[0],
        u * u * a[1] + 2 * u * t * control[1] + t * t * b[1],
      ]);
    }
  }
  return points;
}

/** Where a ray from the centre in direction (dx, dy) leaves the outline. */
function rayHit(outline: readonly Point[], dx: number, dy: number): Point {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < outline.length; i++) {
    const [ax, ay] = outline[i]!;
    const [bx, by] = outline[(i + 1) % outline.length]!;
    const ex = bx - ax;
    const ey = by - ay;
    const denominator = dx * ey - dy * ex;
    if (Math.abs(denominator) < 1e-12) continue;
    const t = (ax * ey - ay * ex) / denominator;
    const u = (ax * dy - ay * dx) / denominator;
    if (t > 1e-9 && u >= -1e-9 && u <= 1 + 1e-9 && t < best) best = t;
  }
  return Number.isFinite(best) ? [dx * best, dy * best] : [0, 0];
}

const scale = ([x, y]: Point, f: number): Point => [x * f, y * f];
const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/**
 * The crown of a brilliant seen from above: an octagonal table, eight star facets reaching
 * `starLength` of the way to the girdle, eight bezel (kite) facets and sixteen upper girdle halves.
 */
function brilliantFacets(outline: readonly Point[], w: number, h: number, table: number, starLength: number) {
  const mains: Point[] = [];
  const middles: Point[] = [];
  for (let k = 0; k < 8; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 4;
    mains.push(rayHit(outline, w * Math.cos(a), h * Math.sin(a)));
    const m = a + Math.PI / 8;
    middles.push(rayHit(outline, w * Math.cos(m), h * Math.sin(m)));
  }
  // The table is measured across its flats; its corners lie further out by 1 / cos(22.5°).
  const corners = mains.map((g) => scale(g, table / Math.cos(Math.PI / 8)));
  const stars = middles.map((m) => lerp(scale(m, table), m, starLength));
  const facets: [Point, Point][] = [];
  for (let k = 0; k < 8; k++) {
    const next = (k + 1) % 8;
    facets.push([corners[k]!, corners[next]!]);
    facets.push([corners[k]!, stars[k]!], [stars[k]!, corners[next]!]);
    facets.push([stars[k]!, mains[k]!], [stars[k]!, mains[next]!]);
    facets.push([stars[k]!, middles[k]!]);
  }
  return { facets, table: corners };
}

/** A step cut's crown: concentric steps from the girdle to the table, joined at the corners. */
function stepFacets(w: number, h: number, corner: number, table: number) {
  // Each step is the same width all round, so the table is the outline inset evenly.
  const inset = (1 - table) * w;
  const rings = [0, 1 / 3, 2 / 3, 1].map((t) => {
    const d = inset * t;
    return cutCorners(w - d, h - d, corner * (1 - (0.6 * d) / w));
  });
  const facets: [Point, Point][] = [];
  for (const ring of rings.slice(1)) {
    ring.forEach((p, i) => {
      facets.push([p, ring[(i + 1) % ring.length]!]);
    });
  }
  const outer = rings[0]!;
  const inner = rings[rings.length - 1]!;
  outer.forEach((p, i) => {
    facets.push([p, inner[i]!]);
  });
  return { facets, table: inner };
}

const STEP_CORNERS: Record<string, number> = { EM: 0.17, AS: 0.26 };
const PERCENT = (value: number | null, fallback: number) =>
  value != null && value > 0 ? value / 100 : fallback;

/** The top view of a stone of this shape (API code, e.g. "BR", "PS") and length/width ratio. */
export function topView(
  shape: string,
  ratio: number | null,
  tablePercentage: number | null,
  starLength: number | null,
): TopView {
  const elongated = ['PS', 'PS-RS', 'OV', 'MQ', 'EM', 'RAD', 'RC', 'HS', 'CU'];
  const fallbackRatio = shape === 'MQ' ? 2 : elongated.includes(shape) ? 1.4 : 1;
  const lw = ratio != null && ratio > 0.3 && ratio < 5 ? ratio : fallbackRatio;
  const w = 0.5;
  const h = lw / 2;
  const table = PERCENT(tablePercentage, shape === 'BR' ? 0.57 : 0.6);
  const star = PERCENT(starLength, 0.5);

  const stepCorner = STEP_CORNERS[shape];
  if (stepCorner !== undefined) {
    const corner = stepCorner * 2 * w;
    const outline = cutCorners(w, h, corner);
    return { halfWidth: w, halfLength: h, outline, pattern: 'step', ...stepFacets(w, h, corner, table) };
  }

  let outline: Point[];
  switch (shape) {
    case 'PS':
    case 'PS-RS':
      outline = pear(w, h);
      break;
    case 'MQ':
      outline = marquise(w, h);
      break;
    case 'HS':
      outline = heart(w, h);
      break;
    case 'RAD':
    case 'RC':
    case 'RX':
      outline = cutCorners(w, h, 0.12 * 2 * w);
      break;
    case 'PR':
      outline = cutCorners(w, h, 0.01);
      break;
    case 'CU':
    case 'SCU':
      outline = superellipse(w, h, 3.2);
      break;
    case 'TR':
      outline = trillion(w, h);
      break;
    case 'RMB':
      outline = [
        [0, -h],
        [w, 0],
        [0, h],
        [-w, 0],
      ];
      break;
    default:
      outline = ellipse(w, h);
  }
  const halfLength = Math.max(...outline.map(([, y]) => Math.abs(y)));
  return {
    halfWidth: w,
    halfLength,
    outline,
    pattern: 'brilliant',
    ...brilliantFacets(outline, w, halfLength, table, star),
  };
}

const CULET_WIDTH: Record<string, number> = { 'Very Small': 0.01, Small: 0.02, Medium: 0.035, Large: 0.05 };

/**
 * The side profile across the width. Graded values are used as they are; a height the lab did
 * not give is worked out from its angle, or from the total depth, and marked as estimated.
 */
export function sideProfile(input: ProfileInput): SideProfile {
  const table = PERCENT(input.table_percentage, 0.57);
  const girdle = PERCENT(input.girdle_percentage, 0.03);
  const depth =
    input.depth_percentage != null && input.depth_percentage > 0 ? input.depth_percentage / 100 : null;
  const run = (1 - table) / 2;

  let crown = input.crown_height != null && input.crown_height > 0 ? input.crown_height / 100 : null;
  const crownEstimated = crown === null;
  if (crown === null && input.crown_angle != null) crown = Math.tan(degrees(input.crown_angle)) * run;

  let pavilion =
    input.pavilion_height != null && input.pavilion_height > 0 ? input.pavilion_height / 100 : null;
  const pavilionEstimated = pavilion === null;
  if (pavilion === null && input.pavilion_angle != null)
    pavilion = Math.tan(degrees(input.pavilion_angle)) * 0.5;

  if (crown === null && pavilion === null) {
    // Only the total depth is known (often so for fancy shapes): split it as a well-made stone would.
    const total = depth ?? 0.62;
    crown = Math.max(0.05, (total - girdle) * 0.25);
    pavilion = Math.max(0.1, total - girdle - crown);
  } else if (crown === null) {
    crown = depth !== null ? Math.max(0.03, depth - girdle - pavilion!) : 0.15;
  } else if (pavilion === null) {
    pavilion = depth !== null ? Math.max(0.1, depth - girdle - crown) : 0.43;
  }
  const c = crown!;
  const p = pavilion!;
  const culet = (CULET_WIDTH[input.culet ?? ''] ?? 0) / 2;
  const bottom = c + girdle + p;
  const outline: Point[] = [
    [-table / 2, 0],
    [table / 2, 0],
    [0.5, c],
    [0.5, c + girdle],
    ...(culet > 0
      ? ([
          [culet, bottom],
          [-culet, bottom],
        ] as Point[])
      : ([[0, bottom]] as Point[])),
    [-0.5, c + girdle],
    [-0.5, c],
  ];
  return {
    outline,
    table,
    crownHeight: c,
    girdle,
    pavilionDepth: p,
    totalDepth: depth ?? bottom,
    estimated: {
      crown: crownEstimated,
      pavilion: pavilionEstimated,
      girdle: input.girdle_percentage == null,
      table: input.table_percentage == null,
    },
  };
}
