import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getInvoice } from '@loupe/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../app/seed/order-factory.ts';
import { createStones, type StoneSpec } from '../../app/seed/stone-factory.ts';
import { injectRoute } from '../../test/call-route.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { bearer, createTestApp, json, type TestApp } from '../../test/test-app.ts';

/** Invoices are read back with pdftotext (Debian's poppler-utils), not with the library that wrote them. */
const run = promisify(execFile);

async function pdfText(file: Buffer): Promise<{ text: string; pages: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'loupe-invoice-'));
  try {
    const target = path.join(dir, 'invoice.pdf');
    await writeFile(target, file);
    const { stdout } = await run('/usr/bin/pdftotext', ['-layout', target, '-'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    // pdftotext ends every page with a form feed.
    return { text: stdout, pages: stdout.split('\f').length - 1 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
type Buyer = Awaited<ReturnType<typeof loggedInCustomer>>;
let buyer: Buyer;
let other: Buyer;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await loggedInCustomer(t, {
    firstName: 'Meera',
    lastName: 'Shah',
    companyName: 'Shah Fine Jewels Pvt Ltd',
    city: 'Mumbai',
    country: 'India',
  });
  other = await loggedInCustomer(t);
});
afterAll(() => t.close());

const download = (token: string, id: string) =>
  injectRoute(t.app, getInvoice, { params: { invoiceId: id }, headers: bearer(token) });

/** $7,007/ct and $7,077.07 a stone, unless told otherwise. */
const stonesOf = (specs: StoneSpec[]) =>
  createStones(
    t.deps.db,
    specs.map((spec) => ({ rap: 9_800, discount: -28.5, carats: 1.01, ...spec })),
  );

const COMMENT = "Please ship with Friday's insured parcel to our Opera House office.";

describe('[INVOICE] invoice PDF', () => {
  it('downloads the invoice with the bill-to, every stone, the totals and the comment', async () => {
    const stones = await stonesOf([
      { certificate_number: '2141438171' },
      { shape: 'PS', color: 'F', clarity: 'VVS2', lab: 'IGI', certificate_number: 'LG512345678' },
      {
        shape: 'OV',
        color: null,
        fancy_color: 'Yellow',
        fancy_intensity: 'Fancy Intense',
        carats: 2.03,
        rap: 12_000,
        discount: -40,
      },
    ]);
    const { order, invoice } = await createOrder(t.deps.db, t.clock, {
      customerId: buyer.id,
      stoneIds: stones.map((s) => s.id),
      comment: COMMENT,
      invoiced: true,
    });
    const padded = String(order.displayId).padStart(6, '0');
    expect(invoice!.number).toBe(`LD-INV-${padded}`);

    const res = await download(buyer.token, invoice!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="LD-INV-${padded}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('LOUPE DIAMONDS');
    expect(text).toContain(`LD-INV-${padded}`);
    expect(text).toContain(padded);
    for (const line of [
      'Meera Shah',
      'Shah Fine Jewels Pvt Ltd',
      buyer.email,
      `+${buyer.countryCode} ${buyer.phone}`,
      'Mumbai, India',
    ])
      expect(text).toContain(line);
    for (const stone of stones) expect(text).toContain(stone.lotId);
    // Each stone's row: grades, lab and certificate, $/ct, discount and amount.
    const rowOf = (lotId: string) => text.split('\n').find((line) => line.includes(lotId)) ?? '';
    expect(rowOf(stones[0]!.lotId)).toMatch(
      /Round\s+1\.01\s+G\s+VS1\s+EX\/EX\/EX\s+GIA 2141438171\s+\$7,007\.00\s+-28\.50%\s+\$7,077\.07/,
    );
    expect(rowOf(stones[1]!.lotId)).toMatch(/Pear\s+1\.01\s+F\s+VVS2\s+EX\/EX\/EX\s+IGI LG512345678/);
    // 2.03 ct at $12,000/ct list and -40%: $7,200/ct, $14,616.
    expect(rowOf(stones[2]!.lotId)).toMatch(
      /Oval\s+2\.03\s+Fancy Intense Yellow\s+VS1.*\$7,200\.00\s+-40\.00%\s+\$14,616\.00/,
    );
    expect(text).toMatch(/Pieces\s+3/);
    expect(text).toMatch(/Total carats\s+4\.05/);
    // 7,077.07 × 2 + 14,616.00
    expect(text).toMatch(/Total amount \(USD\)\s+\$28,770\.14/);
    expect(text).toContain(COMMENT);
  });

  it('names the invoice by its own id, not its order’s', async () => {
    const stones = await stonesOf([{}]);
    const { order, invoice } = await createOrder(t.deps.db, t.clock, {
      customerId: buyer.id,
      stoneIds: [stones[0]!.id],
      delivered: true,
    });
    expect((await download(buyer.token, invoice!.id)).statusCode).toBe(200);
    expect((await download(buyer.token, order.id)).statusCode).toBe(404);
  });

  it('does not find another customer’s invoice, an order not invoiced yet or an unknown id', async () => {
    const [mine, theirs] = await stonesOf([{}, {}]);
    const pending = await createOrder(t.deps.db, t.clock, { customerId: buyer.id, stoneIds: [mine!.id] });
    const invoiced = await createOrder(t.deps.db, t.clock, {
      customerId: other.id,
      stoneIds: [theirs!.id],
      invoiced: true,
    });
    for (const id of [
      invoiced.invoice!.id,
      invoiced.order.id,
      pending.order.id,
      '7d9f0c1e-2b3a-4c5d-8e6f-0a1b2c3d4e5f',
    ]) {
      const res = await download(buyer.token, id);
      expect(res.statusCode, id).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
    }
    // Its owner gets it.
    expect((await download(other.token, invoiced.invoice!.id)).statusCode).toBe(200);
    const bad = await download(buyer.token, 'LD-INV-000001');
    expect(bad.statusCode).toBe(400);
    const anonymous = await injectRoute(t.app, getInvoice, { params: { invoiceId: invoiced.invoice!.id } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('runs a 60-stone invoice over several pages and keeps every stone', async () => {
    const stones = await stonesOf(Array.from({ length: 60 }, () => ({})));
    const { invoice } = await createOrder(t.deps.db, t.clock, {
      customerId: buyer.id,
      stoneIds: stones.map((s) => s.id),
      comment: 'Sixty for the Diwali line.',
      invoiced: true,
    });
    const res = await download(buyer.token, invoice!.id);
    expect(res.statusCode).toBe(200);
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThan(1);
    const missing = stones.filter((s) => !text.includes(s.lotId)).map((s) => s.lotId);
    expect(missing).toEqual([]);
    expect(text).toContain(`Invoice ${invoice!.number} (continued)`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toMatch(/Pieces\s+60/);
    expect(text).toMatch(/Total carats\s+60\.60/);
    // 60 × 7,077.07
    expect(text).toMatch(/Total amount \(USD\)\s+\$424,624\.20/);
    expect(text).toContain('Sixty for the Diwali line.');
  });
});
