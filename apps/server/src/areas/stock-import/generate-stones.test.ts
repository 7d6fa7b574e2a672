import { stoneMediaPath } from '@loupe/contract/stone-detail';
import { STONE_STATUSES } from '@loupe/contract/stone-vocabulary';
import { beforeAll, describe, expect, it } from 'vitest';
import { listPricePerCarat } from '../pricing/index.ts';
import { type NewStoneRow, priceOf, type StoneRow, toStone } from '../stones/index.ts';
import { generateStones, lotIdAt } from './generate-stones.ts';

const now = new Date('2026-05-04T10:00:00Z');
const DAY = 86_400_000;

function view(row: NewStoneRow) {
  const full = { ...row, id: row.lotId, createdAt: now, updatedAt: now } as StoneRow;
  return toStone(full, { showPrices: true });
}

const share = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length / items.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let rows: NewStoneRow[];
let stock: ReturnType<typeof view>[];
beforeAll(() => {
  rows = [...generateStones(12_000, { seed: 'test-stock', now })];
  stock = rows.map(view);
});

describe('[STOCK] generated stock', () => {
  it('is the same for the same seed and count, and different for another seed', () => {
    const again = [...generateStones(500, { seed: 'test-stock', now })];
    expect(again).toEqual(rows.slice(0, 500));
    const other = [...generateStones(500, { seed: 'other', now })];
    expect(other.map((s) => s.lotId)).toEqual(again.map((s) => s.lotId));
    expect(other.map((s) => s.carats)).not.toEqual(again.map((s) => s.carats));
  });

  it('gives the same stones when generated in chunks', () => {
    const chunks = [
      ...generateStones(100, { seed: 'test-stock', now }),
      ...generateStones(150, { seed: 'test-stock', now, firstIndex: 100 }),
    ];
    expect(chunks).toEqual(rows.slice(0, 250));
  });

  it('numbers every stone with a unique trade-like lot id and certificate number', () => {
    expect(new Set(rows.map((s) => s.lotId)).size).toBe(rows.length);
    expect(new Set(rows.map((s) => s.certificateNumber)).size).toBe(rows.length);
    for (const s of stock.slice(0, 200)) expect(s.lot_id).toMatch(/^LD\d{7}$/);
    expect(lotIdAt(0)).toBe(rows[0]!.lotId);
    const gia = stock.filter((s) => s.lab === 'GIA');
    expect(gia.every((s) => /^\d{10}$/.test(s.certificate_number ?? ''))).toBe(true);
  });

  it('has the shape mix of a real supplier: about 60 % rounds, then ovals, pears and cushions', () => {
    expect(share(stock, (s) => s.shape === 'BR')).toBeGreaterThan(0.55);
    expect(share(stock, (s) => s.shape === 'BR')).toBeLessThan(0.65);
    const byShape = (shape: string) => share(stock, (s) => s.shape === shape);
    expect(byShape('OV')).toBeGreaterThan(byShape('EM'));
    expect(byShape('PS')).toBeGreaterThan(byShape('MQ'));
    for (const shape of ['EM', 'PR', 'RAD', 'MQ', 'AS', 'HS']) expect(byShape(shape)).toBeGreaterThan(0.005);
    expect(
      share(stock, (s) => ['PS-RS', 'SPL', 'RC', 'RMB', 'SCU', 'RX', 'TR'].includes(s.shape)),
    ).toBeGreaterThan(0.01);
  });

  it('weighs mostly 0.30–1.20 ct with a long tail above 5 ct', () => {
    const carats = stock.map((s) => s.carats);
    expect(median(carats)).toBeGreaterThan(0.55);
    expect(median(carats)).toBeLessThan(0.9);
    expect(share(stock, (s) => s.carats >= 0.3 && s.carats <= 1.2)).toBeGreaterThan(0.6);
    const large = carats.filter((c) => c > 5).length;
    expect(large).toBeGreaterThan(5);
    expect(large / carats.length).toBeLessThan(0.01);
    // Cutters keep stones above the sizes buyers search by.
    expect(carats.filter((c) => c >= 1 && c < 1.05).length).toBeGreaterThan(
      2 * carats.filter((c) => c >= 0.95 && c < 1).length,
    );
  });

  it('has every status in about the shares of a trading stock', () => {
    for (const status of STONE_STATUSES) expect(stock.some((s) => s.diamond_status === status)).toBe(true);
    expect(share(stock, (s) => s.diamond_status === 'Available')).toBeCloseTo(0.9, 1);
    expect(share(stock, (s) => s.diamond_status === 'BidToBuy')).toBeCloseTo(0.02, 2);
  });

  it('grades colour and clarity together and makes most rounds 3EX; fancy shapes have no cut', () => {
    const fine = stock.filter((s) => ['D', 'E', 'F'].includes(s.color ?? ''));
    const tinted = stock.filter((s) => ['J', 'K', 'L', 'M'].includes(s.color ?? ''));
    const clean = (s: (typeof stock)[number]) => ['FL', 'IF', 'VVS1', 'VVS2'].includes(s.clarity ?? '');
    expect(share(fine, clean)).toBeGreaterThan(share(tinted, clean) + 0.05);
    const rounds = stock.filter((s) => s.shape === 'BR');
    expect(share(rounds, (s) => s.cut === 'EX' && s.polish === 'EX' && s.symmetry === 'EX')).toBeGreaterThan(
      0.45,
    );
    expect(stock.filter((s) => s.shape !== 'BR').every((s) => s.cut === null)).toBe(true);
    expect(stock.every((s) => s.polish !== 'P' && s.symmetry !== 'P')).toBe(true);
    expect(share(stock, (s) => s.fluorescence === 'NON' || s.fluorescence === 'FNT')).toBeGreaterThan(0.65);
    expect(share(stock, (s) => s.lab === 'GIA')).toBeGreaterThan(0.6);
    expect(share(stock, (s) => s.location === 'USA-BD')).toBeGreaterThan(0.03);
  });

  it('prices every stone from the grid and its discount, between -60 % and +10 %', () => {
    const wrong = rows.filter((row, i) => {
      const stone = stock[i]!;
      const rap = listPricePerCarat({
        shape: stone.shape,
        carats: stone.carats,
        color: stone.color,
        clarity: stone.clarity,
        fancyColor: stone.fancy_color,
        fancyIntensity: stone.fancy_intensity,
        fancyOvertone: stone.fancy_overtone,
      });
      const price = priceOf(rap, row.discount, row.carats);
      return (
        row.rapPerCarat !== rap ||
        price.discount !== row.discount ||
        price.pricePerCarat !== row.pricePerCarat ||
        price.amount !== row.amount ||
        price.rapValue !== row.rapValue ||
        row.discount < -60 ||
        row.discount > 10
      );
    });
    expect(wrong).toEqual([]);
    const discounts = rows.map((r) => r.discount);
    expect(median(discounts)).toBeGreaterThan(-45);
    expect(median(discounts)).toBeLessThan(-25);
    expect(discounts.some((d) => d > 0)).toBe(true);
  });

  it('gives about 3 % fancy colours, with intensity and overtone and no white colour', () => {
    const fancy = stock.filter((s) => s.fancy_color !== null);
    expect(fancy.length / stock.length).toBeGreaterThan(0.02);
    expect(fancy.length / stock.length).toBeLessThan(0.04);
    for (const s of fancy) {
      expect(s.color).toBeNull();
      expect(s.fancy_intensity).not.toBeNull();
      expect(s.fancy_overtone).not.toBeNull();
    }
    expect(stock.filter((s) => s.fancy_color === null).every((s) => s.color !== null)).toBe(true);
  });

  it('measures each stone consistently with its shape and weight', () => {
    const near = (a: number, b: number, within: number) => Math.abs(a - b) <= within;
    const wrong = stock.filter(
      (s) =>
        s.length! < s.width! ||
        !near(s.ratio!, s.length! / s.width!, 0.01) ||
        !near(s.depth!, (s.width! * s.depth_percentage!) / 100, 0.02) ||
        s.table_percentage! < 40 ||
        s.table_percentage! > 80 ||
        (s.shape === 'BR'
          ? // A round's depth % is crown + girdle + pavilion (each rounded as reports round them).
            s.ratio! > 1.02 ||
            !near(s.crown_height! + s.girdle_percentage! + s.pavilion_height!, s.depth_percentage!, 0.6) ||
            s.lower_half === null
          : s.lower_half !== null),
    );
    expect(wrong).toEqual([]);
    const rounds = stock.filter((s) => s.shape === 'BR' && s.carats === 1);
    // A 1 ct round is about 6.4 mm across.
    expect(median(rounds.map((s) => s.width!))).toBeCloseTo(6.4, 0);
    const marquise = stock.filter((s) => s.shape === 'MQ');
    expect(marquise.every((s) => s.ratio! >= 1.8)).toBe(true);
  });

  it('keeps the girdle a contiguous range from thin to thick', () => {
    const order = ['ETN', 'VTN', 'STN', 'THN', 'MED', 'STK', 'THK', 'VTK', 'ETK'];
    expect(stock.filter((s) => order.indexOf(s.girdle_thin!) > order.indexOf(s.girdle_thick!))).toEqual([]);
  });

  it('describes inclusions as the clarity allows', () => {
    const clean = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2'];
    const wrong = stock.filter(
      (s) =>
        (s.clarity === 'FL' && s.key_to_symbols.join() !== 'No Inclusion') ||
        (clean.includes(s.clarity!) &&
          (s.eye_clean !== 'Y' || [s.table_open, s.crown_open, s.pavilion_open].join() !== 'N,N,N')) ||
        (['I1', 'I2', 'I3'].includes(s.clarity!) && (s.key_to_symbols.length < 3 || s.eye_clean === 'Y')),
    );
    expect(wrong).toEqual([]);
    const included = stock.filter((s) => ['I1', 'I2', 'I3'].includes(s.clarity!));
    expect(share(included, (s) => s.table_black !== 'B0')).toBeGreaterThan(0.8);
  });

  it('pairs about 6 % of the stones, each pointing at the other with near-identical grades', () => {
    const byLot = new Map(stock.map((s) => [s.lot_id, s]));
    const paired = stock.filter((s) => s.pair_lot_id);
    expect(paired.length / stock.length).toBeGreaterThan(0.04);
    expect(paired.length / stock.length).toBeLessThan(0.08);
    const mismatched = paired.filter((s) => {
      const partner = byLot.get(s.pair_lot_id!)!;
      return (
        partner.pair_lot_id !== s.lot_id ||
        partner.shape !== s.shape ||
        Math.abs(partner.carats - s.carats) > Math.max(0.02, 0.05 * s.carats) + 1e-9 ||
        partner.lab !== s.lab ||
        partner.cut !== s.cut
      );
    });
    expect(mismatched).toEqual([]);
  });

  it('links media for every stone, dates reports over two years with a few new arrivals', () => {
    const wrong = stock.filter((s) => {
      const age = now.getTime() - Date.parse(s.certified_at);
      return (
        s.image_url !== stoneMediaPath.image(s.lot_id) ||
        s.certificate_url !== stoneMediaPath.certificate(s.lot_id) ||
        s.video_url !== null ||
        age <= 0 ||
        age > 730 * DAY
      );
    });
    expect(wrong).toEqual([]);
    const newArrivals = share(stock, (s) => now.getTime() - Date.parse(s.certified_at) < DAY);
    expect(newArrivals).toBeGreaterThan(0.001);
    expect(newArrivals).toBeLessThan(0.02);
    expect(share(stock, (s) => now.getTime() - Date.parse(s.certified_at) > 365 * DAY)).toBeGreaterThan(0.4);
    expect(share(stock, (s) => s.gemtrac)).toBeCloseTo(0.3, 1);
    expect(share(stock, (s) => s.tracr_id !== null)).toBeCloseTo(0.1, 1);
    expect(share(stock, (s) => s.in_high_demand)).toBeCloseTo(0.02, 2);
    expect(share(stock, (s) => s.report_comments !== null)).toBeGreaterThan(0.05);
    expect(share(stock, (s) => s.inscription !== null)).toBeGreaterThan(0.1);
    expect(share(stock, (s) => s.origin_country !== null)).toBeGreaterThan(0.2);
    expect(rows.every((r) => r.source === 'generated')).toBe(true);
  });
});
