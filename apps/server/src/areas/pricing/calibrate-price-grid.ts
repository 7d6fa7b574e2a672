/**
 * Calibrates Loupe's price grid once against real prices and writes price-grid-data.ts.
 * Run by hand from apps/server (the server never reads the data set):
 *
 *   npx tsx src/areas/pricing/calibrate-price-grid.ts [path/to/diamonds-ggplot2.csv]
 *   npx biome format --write src/areas/pricing/price-grid-data.ts
 *
 * The data set (53,940 round diamonds with their selling prices, see ../shared/data/README.md)
 * gives what stones really sold for. A stone sells at list × (1 + discount), so each sale implies
 * a list price: price per carat ÷ (1 + the typical discount of its grades and make). Fitting
 *
 *   log list = band level + band spread × (colour effect + clarity effect)
 *
 * to the cell medians gives a smooth grid in which finer grades and bigger stones cost more and
 * the gap between grades widens with size, as in the trade's grids. Where the data is thin it is
 * extended with the grid's usual steps: sizes below 0.18 ct and from 3 ct up, colours K–M and
 * clarities SI3, I2 and I3. The data set holds no stone above $18,823, so cells whose stones come
 * near that cap are left out of the fit rather than letting the cap pull their prices down.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeAdjustment, typicalDiscount } from './market-discount.ts';
import {
  CARAT_BANDS,
  caratBandIndex,
  caratBandLabel,
  GRID_CLARITIES,
  GRID_COLORS,
  roundListPrice,
} from './price-grid.ts';

const dataFile =
  process.argv[2] ?? path.resolve(import.meta.dirname, '../../../../../../shared/data/diamonds-ggplot2.csv');
const outFile = path.join(import.meta.dirname, 'price-grid-data.ts');

/** The data set's cut names on the trade's scale (Premium is the data set's name for Excellent). */
const CUT_GRADE: Record<string, string> = {
  Ideal: 'EX',
  Premium: 'EX',
  'Very Good': 'VG',
  Good: 'G',
  Fair: 'F',
};
const PRICE_CAP = 18_823;

interface Sale {
  band: number;
  color: number;
  clarity: number;
  impliedList: number;
  price: number;
  ppc: number;
  discount: number;
}

function readSales(): Sale[] {
  const lines = fs.readFileSync(dataFile, 'utf8').trim().split(/\r?\n/).slice(1);
  return lines.map((line) => {
    const [carat, cut, color, clarity, , , price] = line.split(',').map((v) => v.replaceAll('"', ''));
    const carats = Number(carat);
    const ppc = Number(price) / carats;
    const grade = CUT_GRADE[cut!] ?? 'G';
    const discount =
      typicalDiscount({ color: color!, clarity: clarity!, carats }) + makeAdjustment(grade, grade, grade);
    return {
      band: caratBandIndex(carats),
      color: GRID_COLORS.indexOf(color as (typeof GRID_COLORS)[number]),
      clarity: GRID_CLARITIES.indexOf(clarity as (typeof GRID_CLARITIES)[number]),
      impliedList: ppc / (1 + discount / 100),
      price: Number(price),
      ppc,
      discount,
    };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Cell {
  band: number;
  color: number;
  clarity: number;
  y: number;
  weight: number;
}

/** Median implied list (log) per band × colour × clarity, leaving out cells the price cap cuts. */
function cellsOf(sales: Sale[]): Cell[] {
  const groups = new Map<string, Sale[]>();
  for (const s of sales) {
    const key = `${s.band}|${s.color}|${s.clarity}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const cells: Cell[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    if (group.length < 4 || first.band < caratBandIndex(0.23) || first.band >= caratBandIndex(3)) continue;
    // The cap cuts the dearest sales of a cell; its median holds while the cap is well above it.
    if (median(group.map((s) => s.price)) > PRICE_CAP * 0.7) continue;
    cells.push({
      band: first.band,
      color: first.color,
      clarity: first.clarity,
      y: Math.log(median(group.map((s) => s.impliedList))),
      weight: Math.sqrt(group.length),
    });
  }
  return cells;
}

/** Alternating least squares for y = level[band] + spread[band] × (colour[c] + clarity[q]). */
function fitModel(cells: Cell[]) {
  const bands = CARAT_BANDS.length;
  const level = new Array<number>(bands).fill(Math.log(5000));
  const spread = new Array<number>(bands).fill(1);
  const colorEffect = new Array<number>(GRID_COLORS.length).fill(0);
  const clarityEffect = new Array<number>(GRID_CLARITIES.length).fill(0);
  let trend = 0;
  /** log of the band's middle weight against 1.2 ct, the middle of the 1 ct band. */
  const sizeOf = (band: number) => Math.log((CARAT_BANDS[band]!.from + CARAT_BANDS[band]!.to) / 2 / 1.245);
  const g = GRID_COLORS.indexOf('G');
  const vs2 = GRID_CLARITIES.indexOf('VS2');
  for (let iteration = 0; iteration < 300; iteration++) {
    const solve = (
      index: (c: Cell) => number,
      target: number[],
      residual: (c: Cell) => number,
      slope: (c: Cell) => number,
    ) => {
      const num = new Array<number>(target.length).fill(0);
      const den = new Array<number>(target.length).fill(0);
      for (const c of cells) {
        const i = index(c);
        num[i]! += c.weight * slope(c) * residual(c);
        den[i]! += c.weight * slope(c) ** 2;
      }
      for (let i = 0; i < target.length; i++) if (den[i]! > 0) target[i] = num[i]! / den[i]!;
    };
    solve(
      (c) => c.band,
      level,
      (c) => c.y - spread[c.band]! * (colorEffect[c.color]! + clarityEffect[c.clarity]!),
      () => 1,
    );
    solve(
      (c) => c.color,
      colorEffect,
      (c) => c.y - level[c.band]! - spread[c.band]! * clarityEffect[c.clarity]!,
      (c) => spread[c.band]!,
    );
    solve(
      (c) => c.clarity,
      clarityEffect,
      (c) => c.y - level[c.band]! - spread[c.band]! * colorEffect[c.color]!,
      (c) => spread[c.band]!,
    );
    // Grade gaps widen smoothly with size: spread = 1 + trend × log(size ÷ 1 ct).
    let num = 0;
    let den = 0;
    for (const c of cells) {
      const grades = colorEffect[c.color]! + clarityEffect[c.clarity]!;
      const x = grades * sizeOf(c.band);
      num += c.weight * x * (c.y - level[c.band]! - grades);
      den += c.weight * x * x;
    }
    trend = den > 0 ? num / den : 0;
    for (let b = 0; b < bands; b++) spread[b] = 1 + trend * sizeOf(b);
    // Identify the model: effects relative to G VS2, spreads relative to the 1 ct band.
    const shiftColor = colorEffect[g]!;
    const shiftClarity = clarityEffect[vs2]!;
    for (let i = 0; i < colorEffect.length; i++) colorEffect[i]! -= shiftColor;
    for (let i = 0; i < clarityEffect.length; i++) clarityEffect[i]! -= shiftClarity;
  }
  return { level, spread, colorEffect, clarityEffect, trend };
}

/** Fills the grid's axes beyond the data and makes every axis monotone. */
function extend(model: ReturnType<typeof fitModel>, cells: Cell[]) {
  const { level, spread, colorEffect, clarityEffect } = model;
  const fitted = new Set(cells.map((c) => c.band));
  const firstFitted = Math.min(...fitted);
  const lastFitted = Math.max(...fitted);

  // Smaller sizes: each band is the grid's usual share of the next bigger one.
  const downSteps: Record<string, number> = {
    '0.01-0.03': 0.85,
    '0.04-0.07': 0.82,
    '0.08-0.14': 0.85,
    '0.15-0.17': 0.88,
    '0.18-0.22': 0.9,
  };
  for (let b = firstFitted - 1; b >= 0; b--) {
    level[b] = level[b + 1]! + Math.log(downSteps[caratBandLabel(b)] ?? 0.9);
    spread[b] = spread[b + 1]! * 0.92;
  }
  // From 3 ct up: the grid's usual ratios between bands, grade gaps widening a little each band.
  const upSteps: Record<string, number> = {
    '3.00-3.99': 1.55,
    '4.00-4.99': 1.3,
    '5.00-5.99': 1.25,
    '6.00-9.99': 1.15,
    '10.00+': 1.35,
  };
  for (let b = lastFitted + 1; b < CARAT_BANDS.length; b++) {
    level[b] = level[b - 1]! + Math.log(upSteps[caratBandLabel(b)] ?? 1.2);
    spread[b] = spread[b - 1]! * 1.06;
  }
  // Level rises with size, spread never shrinks with size.
  for (let b = 1; b < CARAT_BANDS.length; b++) {
    level[b] = Math.max(level[b]!, level[b - 1]! + Math.log(1.05));
    spread[b] = Math.max(spread[b]!, spread[b - 1]!);
  }
  // Colours K–M and clarities SI3, I2, I3 are not in the data: the grid's usual steps.
  const k = GRID_COLORS.indexOf('K');
  colorEffect[k] = colorEffect[k - 1]! + Math.log(0.85);
  colorEffect[k + 1] = colorEffect[k]! + Math.log(0.88);
  colorEffect[k + 2] = colorEffect[k + 1]! + Math.log(0.9);
  const si3 = GRID_CLARITIES.indexOf('SI3');
  clarityEffect[si3] = (clarityEffect[si3 - 1]! + clarityEffect[si3 + 1]!) / 2;
  const i2 = GRID_CLARITIES.indexOf('I2');
  clarityEffect[i2] = clarityEffect[i2 - 1]! + Math.log(0.62);
  clarityEffect[i2 + 1] = clarityEffect[i2]! + Math.log(0.6);
  // A finer grade never costs less than a lower one.
  for (let i = colorEffect.length - 2; i >= 0; i--)
    colorEffect[i] = Math.max(colorEffect[i]!, colorEffect[i + 1]!);
  for (let i = clarityEffect.length - 2; i >= 0; i--)
    clarityEffect[i] = Math.max(clarityEffect[i]!, clarityEffect[i + 1]!);
  return model;
}

/** Other shapes list below rounds, most so around one carat (as in the trade's pear grid). */
const FANCY_SHAPE_FACTOR = [
  0.9, 0.9, 0.9, 0.9, 0.88, 0.87, 0.85, 0.8, 0.76, 0.72, 0.7, 0.66, 0.66, 0.68, 0.72, 0.74, 0.76, 0.77, 0.78,
];

function grid(model: ReturnType<typeof fitModel>, factor: (band: number) => number) {
  const table = CARAT_BANDS.map((_, b) =>
    GRID_COLORS.map((__, c) =>
      GRID_CLARITIES.map((___, q) =>
        roundListPrice(
          factor(b) *
            Math.exp(model.level[b]! + model.spread[b]! * (model.colorEffect[c]! + model.clarityEffect[q]!)),
        ),
      ),
    ),
  );
  // A bigger stone of the same grades never lists lower per carat.
  for (let b = 1; b < table.length; b++) {
    for (let c = 0; c < GRID_COLORS.length; c++) {
      for (let q = 0; q < GRID_CLARITIES.length; q++) {
        table[b]![c]![q] = Math.max(table[b]![c]![q]!, table[b - 1]![c]![q]!);
      }
    }
  }
  return table;
}

function format(name: string, table: number[][][]) {
  const bands = table.map(
    (rows, b) =>
      `  // ${caratBandLabel(b)} ct\n  [\n${rows.map((row, c) => `    [${row.join(', ')}], // ${GRID_COLORS[c]}`).join('\n')}\n  ],`,
  );
  return `export const ${name}: readonly (readonly (readonly number[])[])[] = [\n${bands.join('\n')}\n];\n`;
}

const sales = readSales();
const cells = cellsOf(sales);
const model = extend(fitModel(cells), cells);
const round = grid(model, () => 1);
const fancy = grid(model, (b) => FANCY_SHAPE_FACTOR[b]!);

const header = `/**
 * Generated by calibrate-price-grid.ts from ${sales.length} real diamond prices; do not edit by hand.
 * [carat band][colour D–M][clarity IF, VVS1, VVS2, VS1, VS2, SI1, SI2, SI3, I1, I2, I3], US$ per carat.
 */
`;
fs.writeFileSync(outFile, `${header}${format('ROUND_GRID', round)}\n${format('FANCY_SHAPE_GRID', fancy)}`);

// How well list × (1 + typical discount) meets the real prices, per band (1.00 = on the nose).
process.stdout.write('band        sales  median real ÷ modelled price\n');
for (let b = 0; b < CARAT_BANDS.length; b++) {
  const inBand = sales.filter((s) => s.band === b);
  if (inBand.length === 0) continue;
  const ratios = inBand.map((s) => s.ppc / (round[b]![s.color]![s.clarity]! * (1 + s.discount / 100)));
  process.stdout.write(
    `${caratBandLabel(b).padEnd(11)} ${String(inBand.length).padStart(6)}  ${median(ratios).toFixed(2)}\n`,
  );
}
process.stdout.write(`spread by band: ${model.spread.map((s) => s.toFixed(2)).join(' ')}\n`);
process.stdout.write(`wrote ${outFile}\n`);
