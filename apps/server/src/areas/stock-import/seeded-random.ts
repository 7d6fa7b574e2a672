/**
 * A small, fast, seeded pseudo-random source (sfc32), so generated stock is the same for the same
 * seed on every machine. Not for anything secret.
 */

/** 32-bit hash of a string (cyrb53's mixing, folded to 32 bits). */
export function hashSeed(seed: string | number): number {
  const text = String(seed);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** Mixes a seed with a counter into an independent-looking 32-bit state word (splitmix32). */
function mix(a: number, b: number): number {
  let z = (a + Math.imul(b, 0x9e3779b9)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export type Weights<T extends string | number> = readonly (readonly [T, number])[];

export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  /** One independent stream per (seed, stream number): stone i of a seed always draws the same. */
  constructor(seed: number, stream = 0) {
    this.a = mix(seed, stream);
    this.b = mix(this.a, 0x632be5ab);
    this.c = mix(this.b, 0x85157af5);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  integer(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }

  /** Standard normal (Box–Muller, both values used). */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal;
      this.spareNormal = null;
      return spare;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  /** Normal with a mean and spread, kept within [min, max]. */
  around(mean: number, sd: number, min = -Infinity, max = Infinity): number {
    return Math.min(max, Math.max(min, mean + sd * this.normal()));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted<T extends string | number>(table: WeightedTable<T>): T {
    return table.at(this.next());
  }
}

/** A weighted choice prepared once: cumulative shares, searched per draw. */
export class WeightedTable<T extends string | number> {
  readonly values: T[];
  private readonly cumulative: number[];

  constructor(weights: Weights<T>) {
    const total = weights.reduce((sum, [, w]) => sum + w, 0);
    let running = 0;
    this.values = weights.map(([value]) => value);
    this.cumulative = weights.map(([, w]) => {
      running += w / total;
      return running;
    });
  }

  /** The value at a point u in [0, 1) of the cumulative distribution (a quantile). */
  at(u: number): T {
    for (let i = 0; i < this.cumulative.length; i++) if (u < this.cumulative[i]!) return this.values[i]!;
    return this.values[this.values.length - 1]!;
  }
}

/** The standard normal distribution function, to turn correlated normals into quantiles. */
export function normalCdf(x: number): number {
  // Abramowitz–Stegun 7.1.26 on erf; accurate to ~1e-7, plenty for choosing grades.
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
