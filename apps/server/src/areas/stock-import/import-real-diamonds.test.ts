import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importThroughJob } from '../../test/import-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { describeImport } from './stock-commands.ts';

/**
 * 53,940 real round diamonds nobody here wrote (the ggplot2 `diamonds` data set, see
 * ../shared/data/README.md), converted into the supplier upload layout and imported whole:
 * dirty data included (twenty stones with a zero dimension).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const dataFile = path.join(repoRoot, '../shared/data/diamonds-ggplot2.csv');

/** The data set's cut names as a supplier would write them in the upload layout. */
const CUT_CODE: Record<string, string> = {
  Ideal: 'ID',
  Premium: 'EX',
  'Very Good': 'VG',
  Good: 'G',
  Fair: 'F',
};
const CUT_GRADE: Record<string, string> = {
  Ideal: 'EX',
  Premium: 'EX',
  'Very Good': 'VG',
  Good: 'G',
  Fair: 'F',
};

interface Diamond {
  lot: string;
  carat: number;
  cut: string;
  color: string;
  clarity: string;
  depth: string;
  table: string;
  price: number;
  x: string;
  y: string;
  z: string;
}

let t: TestApp;
let diamonds: Diamond[];
beforeAll(async () => {
  t = await createTestApp();
  const lines = fs.readFileSync(dataFile, 'utf8').trim().split(/\r?\n/).slice(1);
  diamonds = lines.map((line, i) => {
    const [carat, cut, color, clarity, depth, table, price, x, y, z] = line
      .split(',')
      .map((v) => v.replaceAll('"', ''));
    return {
      lot: `GG-${String(i + 1).padStart(5, '0')}`,
      carat: Number(carat),
      cut: cut!,
      color: color!,
      clarity: clarity!,
      depth: depth!,
      table: table!,
      price: Number(price),
      x: x!,
      y: y!,
      z: z!,
    };
  });
});
afterAll(() => t.close());

function uploadFile() {
  const header = 'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Measurements,Depth %,Table %,Price Per Carat';
  const rows = diamonds.map((d) =>
    [
      d.lot,
      'Round',
      d.carat.toFixed(2),
      d.color,
      d.clarity,
      CUT_CODE[d.cut],
      `${d.x} x ${d.y} x ${d.z}`,
      d.depth,
      d.table,
      (d.price / d.carat).toFixed(2),
    ].join(','),
  );
  return `${[header, ...rows].join('\n')}\n`;
}

describe('[STOCK] stock import of real diamonds', () => {
  // A few seconds on an idle machine; the margin is for CI runners that share their cores.
  it('imports all 53,940 with the right weight, colour, clarity, cut and price', {
    timeout: 120_000,
  }, async () => {
    expect(diamonds).toHaveLength(53_940);
    const res = await importThroughJob(t, 'diamonds.csv', uploadFile());
    expect(res.status, res.error?.message.slice(0, 2000)).toBe(201);
    expect(res.final).toMatchObject({ state: 'done', total: 53_940, written: 53_940 });
    expect(describeImport(res.final!.report!)).toContain(
      'Imported diamonds.csv: 53,940 rows read, 53,940 stones imported (53,940 new, 0 updated), 0 skipped as not available, 0 invalid.',
    );

    type StoredStone = {
      lot_id: string;
      carats: number;
      color: string;
      clarity: string;
      cut: number;
      price_per_carat: number;
      amount: number;
      length: number | null;
    };
    const stored = await t.deps.db.execute<StoredStone>(sql`
      SELECT lot_id, carats, c.value AS color, q.value AS clarity, cut, price_per_carat, amount, length, width, depth
      FROM stones
      JOIN (SELECT * FROM unnest(${sql.param('{D,E,F,G,H,I,J}')}::text::text[]) WITH ORDINALITY AS v(value, rank)) c ON c.rank = stones.color
      JOIN (SELECT * FROM unnest(${sql.param('{FL,IF,VVS1,VVS2,VS1,VS2,SI1,SI2,SI3,I1,I2,I3}')}::text::text[]) WITH ORDINALITY AS v(value, rank)) q ON q.rank = stones.clarity
      WHERE source = 'diamonds.csv'`);
    expect(stored.rows).toHaveLength(53_940);
    const byLot = new Map(stored.rows.map((r) => [r.lot_id, r]));
    const cutRank: Record<string, number> = { EX: 1, VG: 2, G: 3, F: 4 };
    const wrong = diamonds.filter((d) => {
      const s = byLot.get(d.lot);
      return (
        !s ||
        s.carats !== d.carat ||
        s.color !== d.color ||
        s.clarity !== d.clarity ||
        s.cut !== cutRank[CUT_GRADE[d.cut]!] ||
        s.price_per_carat !== Number((d.price / d.carat).toFixed(2)) ||
        // The amount is price per carat (to the cent) × weight: within a few cents of the sale.
        Math.abs(s.amount - d.price) > 0.03
      );
    });
    expect(wrong).toEqual([]);
    // A zero dimension is "not measured", not a stone without size.
    const unmeasured = diamonds.filter((d) => Number(d.x) === 0);
    expect(unmeasured.length).toBeGreaterThan(0);
    expect(unmeasured.every((d) => byLot.get(d.lot)!.length === null)).toBe(true);
  });
});
