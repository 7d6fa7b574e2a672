import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../app/seed/factories.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { countFrom as countRows, csv, importAsCommand, stoneByLot } from '../../test/import-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listPricePerCarat } from '../pricing/index.ts';
import { holdStones, lockStonesByLot, sendOnMemo } from '../stones/index.ts';
import { checkStockFile, writeCheckedFile } from './import-stones.ts';

/** `stock import` of good files: every spelling of the format read, and stones in stock updated. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (name: string, content: string | Buffer, options: string[] = []) =>
  importAsCommand(t, name, content, options);
const stone = (lotId: string) => stoneByLot(t, lotId);
const countFrom = (source: string) => countRows(t, source);

describe('[STOCK] stock import: a good file', () => {
  it('reads alternate headers in any order, a byte-order mark, quotes and CRLF, and reports unknown columns once', async () => {
    const rap = listPricePerCarat({ shape: 'BR', carats: 1.01, color: 'G', clarity: 'VS1' });
    // The cushion is a fancy colour with an asking price per carat instead of a discount.
    const file = `\uFEFF${csv(
      'Shp,Stock No,Carat,Colour,Purity,Cut,Pol,Sym,Flr,Cert Lab,Cert No,Meas,Depth,Table,Rap %,Avail,Country,Supplier Note,Key To Symbols,Report Issue Date,Pair Stock #,Image,FancyColor,Intensity,Overtone,PPC',
      'RBC,LX-1001,1.01,G,VS1,ID,EX,VG-EX,F,GIA,2214567890,6.42 x 6.45 x 3.98,61.8,57,-0.30,G,India,"cut in Surat, 2024","Crystal, Feather",2025-02-14,LX-1002,https://cdn.example.test/LX-1001.jpg,,,,',
      'Pear,LX-1002,1.02,G,VS1,,EX,G-VG,Faint,GIA,2214567891,8.90*5.91*3.70,62.6,58,-30,STPS,BEL,"a note with ""quotes""\nover two lines",,2025-02-14,LX-1001,,,,,',
      'CUSH,LX-1003,2.5,,N,,VG,VG,NON,IGI,612345678,7.60-7.41x5.02,66,61,,M,Dubai,,,"March 4, 2025",,,Yellow,Fancy Intense,Orangy,9800',
    )}`;

    const res = await upload('supplier stock.csv', file);
    expect(res.statusCode).toBe(201);
    const { output } = res;
    expect(output).toContain(
      'Imported supplier stock.csv: 3 rows read, 3 stones imported (3 new, 0 updated), 0 skipped as not available, 0 invalid.',
    );
    expect(output).toContain('Ignored columns: Supplier Note.');

    expect(await stone('LX-1001')).toMatchObject({
      shape: 'BR',
      carats: 1.01,
      color: 'G',
      clarity: 'VS1',
      cut: 'EX', // Ideal is recorded as Excellent
      polish: 'EX',
      symmetry: 'VG', // VG-EX: the lower grade
      fluorescence: 'FNT',
      lab: 'GIA',
      certificate_number: '2214567890',
      length: 6.42,
      width: 6.45,
      depth: 3.98,
      ratio: 1,
      depth_percentage: 61.8,
      table_percentage: 57,
      location: 'IND',
      diamond_status: 'Available',
      rap: rap,
      discount: -30,
      price_per_carat: Math.round(rap * 70) / 100,
      key_to_symbols: ['Crystal', 'Feather'],
      certified_at: '2025-02-14T00:00:00.000Z',
      pair_lot_id: 'LX-1002',
      image_url: 'https://cdn.example.test/LX-1001.jpg',
    });
    expect(await stone('LX-1002')).toMatchObject({
      shape: 'PS',
      symmetry: 'G', // G-VG
      fluorescence: 'FNT',
      location: 'BEL',
      diamond_status: 'Available', // STPS: available, subject to prior sale
      discount: -30, // "-30" is a percentage, "-0.30" a fraction: the same discount
      pair_lot_id: 'LX-1001',
    });
    const fancy = await stone('LX-1003');
    expect(fancy).toMatchObject({
      shape: 'CU',
      color: null,
      fancy_color: 'Yellow',
      fancy_intensity: 'Fancy Intense',
      fancy_overtone: 'Orangy',
      clarity: null,
      diamond_status: 'Memo',
      location: 'DUB',
      lab: 'IGI',
      length: 7.6,
      width: 7.41,
      ratio: 1.03,
      price_per_carat: 9800,
      amount: 24500,
      certified_at: '2025-03-04T00:00:00.000Z',
    });
    expect(fancy!.discount).toBeCloseTo((9800 / fancy!.rap! - 1) * 100, 2);
    expect(await countFrom('supplier stock.csv')).toBe(3);
  });

  it('maps every value spelling of the format', async () => {
    const lines = [
      'Stock #,Shape,Weight,Color,Clarity,Cut Grade,Polish,Symmetry,Fluorescence Intensity,Discount %,Availability,Location,Girdle Thin,Girdle Thick,Culet Size,Shade,Milky,Eye Clean,Black Inclusion',
    ];
    const cases: [string, string, string, Record<string, unknown>][] = [
      ['MAP-01', 'B', 'LC', { shape: 'BR', clarity: 'IF' }],
      ['MAP-02', 'RC', 'P1', { shape: 'RAD', clarity: 'I1' }],
      ['MAP-03', 'MQB', 'P3', { shape: 'MQ', clarity: 'I3' }],
      ['MAP-04', 'CSS', 'SI3', { shape: 'AS', clarity: 'SI3' }],
      ['MAP-05', 'MHRC', 'FL', { shape: 'HS', clarity: 'FL' }],
      ['MAP-06', 'OMB', 'VVS2', { shape: 'OV', clarity: 'VVS2' }],
      ['MAP-07', 'MDSQB', 'I2', { shape: 'PR', clarity: 'I2' }],
      ['MAP-08', 'EC', 'si2', { shape: 'EM', clarity: 'SI2' }],
      ['MAP-09', 'Triangle', 'VS2', { shape: 'TR', clarity: 'VS2' }],
    ];
    for (const [lot, shape, clarity] of cases) {
      lines.push(
        `${lot},${shape},0.71,H,${clarity},EXC,Excellent,F-G,VSTG,-25.5,On Memo,USA-BD,STN,Thick,VS,White,None,Yes,BPP`,
      );
    }
    const res = await upload('values.csv', csv(...lines));
    expect(res.statusCode, res.error?.message).toBe(201);
    for (const [lot, , , expected] of cases) {
      expect(await stone(lot)).toMatchObject({
        ...expected,
        cut: 'EX',
        polish: 'EX',
        symmetry: 'F',
        fluorescence: 'VSTG',
        discount: -25.5,
        diamond_status: 'Memo',
        location: 'USA-BD',
        girdle_thin: 'STN',
        girdle_thick: 'THK',
        culet: 'Very Small',
        shade: 'White',
        milky: 'M0',
        eye_clean: 'Y',
        table_black: 'BPP',
      });
    }
  });

  it('skips rows marked not available and reports them as skipped, not invalid', async () => {
    const res = await upload(
      'na.csv',
      csv(
        'Stock #,Shape,Weight,Color,Clarity,Price,Status',
        'NA-001,Round,0.50,F,VS2,3000,NA',
        'NA-002,Round,0.50,F,VS2,3000,Unavailable',
        'NA-003,Round,0.50,F,VS2,3000,GA',
      ),
    );
    expect(res.statusCode).toBe(201);
    const { output } = res;
    expect(output).toContain(
      '3 rows read, 1 stone imported (1 new, 0 updated), 2 skipped as not available, 0 invalid.',
    );
    expect(output).toContain('Line 2 (NA-001): skipped, marked not available (NA).');
    expect(await stone('NA-001')).toBeUndefined();
    expect(await stone('NA-003')).toMatchObject({ price_per_carat: 3000, amount: 1500 });
  });
});

describe('[STOCK] stock import: columns without a name', () => {
  it('names an unnamed column in the report only when some row, the last included, holds a value there', async () => {
    const res = await upload(
      'with gaps.csv',
      csv(
        'Stock #,Shape,,Weight,Color,Clarity,Discount %,Supplier Note,',
        'UN-1,Round,,1.00,G,VS1,-20,first,',
        'UN-2,Round,,1.10,G,VS1,-20,,kept by hand',
      ),
    );
    expect(res.statusCode).toBe(201);
    expect(res.output).toContain('2 stones imported (2 new, 0 updated)');
    expect(res.output).toContain('Ignored columns: Supplier Note, (column 9 without a name).');
  });
});

describe('[STOCK] stock import: updating stock', () => {
  it('updates stones already in stock (stock number in any case) and adds new ones in one go', async () => {
    const first = await upload(
      'monday.csv',
      csv(
        'Stock #,Shape,Weight,Color,Clarity,Discount %,Report Issue Date',
        'UP-100,Round,1.20,E,VVS2,-20,2024-11-05',
        'UP-101,Oval,0.80,F,VS1,-25,',
      ),
    );
    expect(first.statusCode).toBe(201);
    const firstDate = (await stone('UP-101'))!.certified_at;
    expect(firstDate).toBe(t.clock.now().toISOString());
    // A buyer holds UP-100 and has UP-101 on memo meanwhile: a re-upload must release neither.
    const holdBuyer = await createCustomer(t.deps.db);
    const memoBuyer = await createCustomer(t.deps.db);
    const now = t.clock.now();
    const dueBack = new Date(now.getTime() + 14 * 86_400_000);
    await t.deps.db.transaction(async (tx) => {
      const [held, memo] = await lockStonesByLot(tx, ['UP-100', 'UP-101']);
      await holdStones(tx, [held!], holdBuyer.id, new Date(now.getTime() + 7 * 86_400_000), now);
      await sendOnMemo(tx, [memo!], memoBuyer.id, dueBack, now);
    });
    t.clock.advance(3 * 86_400_000);

    const second = await upload(
      'tuesday.csv',
      csv(
        'Stock #,Shape,Weight,Color,Clarity,Discount %,Report Issue Date',
        'up-100,Round,1.20,E,VVS2,-18.5,2024-11-05',
        'Up-101,Oval,0.80,F,VS1,-24,',
        'UP-102,Heart,0.60,G,SI1,-35,',
      ),
    );
    expect(second.statusCode).toBe(201);
    expect(second.output).toContain('3 stones imported (1 new, 2 updated)');
    expect(await stone('UP-100')).toMatchObject({
      lot_id: 'UP-100',
      discount: -18.5,
      diamond_status: 'Hold',
    });
    // Without a report date an updated stone keeps its date; a new one counts from the upload.
    expect((await stone('UP-101'))!).toMatchObject({
      discount: -24,
      certified_at: firstDate,
      diamond_status: 'Memo',
    });
    const [onMemo] = await t.deps.db.select().from(stones).where(eq(stones.lotId, 'UP-101'));
    expect(onMemo).toMatchObject({ reservedFor: memoBuyer.id, reservedUntil: dueBack });
    expect((await stone('UP-102'))!.certified_at).toBe(t.clock.now().toISOString());
    const [{ n }] = (await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stones)
      .where(sql`lower(lot_id) LIKE 'up-1%'`)) as [{ n: number }];
    expect(n).toBe(3);
    expect(await countFrom('tuesday.csv')).toBe(3);
  });
});

describe('[STOCK] stock import: report dates in a file written in several batches', () => {
  it('keeps the stock date of each undated row and takes the file date of each dated one, whatever its batch', async () => {
    const header = 'Stock #,Shape,Weight,Color,Clarity,Discount %,Report Issue Date';
    const first = await upload(
      'dated.csv',
      csv(header, ...[1, 2, 3, 4].map((n) => `RD-${n},Round,1.0${n},G,VS1,-20,2024-01-0${n}`)),
    );
    expect(first.statusCode).toBe(201);
    t.clock.advance(86_400_000);
    // Batches of two rows on either database: the dated rows are the third and the fifth, so a
    // row read by its place within its batch instead of within the file would take another's date.
    const file = csv(
      header,
      'RD-1,Round,1.01,G,VS1,-21,',
      'RD-2,Round,1.02,G,VS1,-21,',
      'RD-3,Round,1.03,G,VS1,-21,2025-05-05',
      'RD-4,Round,1.04,G,VS1,-21,',
      'RD-5,Round,1.05,G,VS1,-21,2025-06-06',
      'RD-6,Round,1.06,G,VS1,-21,',
    );
    const now = t.clock.now();
    const checked = await checkStockFile(Buffer.from(file), {
      fileName: 'mixed.csv',
      skipInvalid: false,
      now,
    });
    const report = await writeCheckedFile(t.deps.db, checked, undefined, {
      copyBatch: 2,
      embeddedBatch: 1,
      embeddedCalmBatch: 1,
    });
    expect(report).toMatchObject({ inserted: 2, updated: 4 });
    const dates = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) => (await stone(`RD-${n}`))!.certified_at),
    );
    expect(dates).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-01-02T00:00:00.000Z',
      '2025-05-05T00:00:00.000Z',
      '2024-01-04T00:00:00.000Z',
      '2025-06-06T00:00:00.000Z',
      now.toISOString(),
    ]);
  });
});
