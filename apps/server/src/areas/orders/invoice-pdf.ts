import type { Stone } from '@loupe/contract/stones';
import PDFDocument from 'pdfkit';
import { formatUsd } from '../../platform/money.ts';
import { colorText } from '../stones/index.ts';

/**
 * The invoice of an order as a PDF: A4 landscape, the header and bill-to on the first page, then
 * one row per stone (the table runs over as many pages as it needs, its header repeated), the
 * totals and the buyer's comment. Everything comes from the invoice and the order's items, so the
 * same invoice always gives the same file.
 */

export interface InvoiceDocument {
  number: string;
  invoicedAt: Date;
  order: {
    displayId: string;
    createdAt: Date;
    comment: string;
    totalCarats: number;
    totalAmount: number;
  };
  billTo: {
    name: string;
    company: string;
    email: string;
    phone: string;
    /** "Mumbai, India"; null when neither is known. */
    place: string | null;
  };
  items: {
    lotId: string;
    /** The stone as it was confirmed. */
    stone: Stone;
    carats: number;
    pricePerCarat: number;
    discount: number;
    amount: number;
  }[];
}

const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_Y = PAGE.height - PAGE.margin - 10;
/** Rows stop above the footer. */
const BOTTOM = FOOTER_Y - 14;
const ROW_HEIGHT = 16;
const INK = '#1f2a37';
const MUTED = '#5b6776';
const RULE = '#c9d2dc';
const BAND = '#f2f5f8';

const usd = formatUsd;
const percent = (value: number) => `${value.toFixed(2)}%`;
const caratsText = (value: number) => value.toFixed(2);
const dateText = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (item: InvoiceDocument['items'][number], index: number) => string;
}

const finish = (stone: Stone) =>
  [stone.cut, stone.polish, stone.symmetry].every((g) => g == null)
    ? '-'
    : [stone.cut ?? '-', stone.polish ?? '-', stone.symmetry ?? '-'].join('/');

/** Widths in points; they add up to the content width. */
const COLUMNS: Column[] = [
  { title: '#', width: 26, align: 'right', value: (_, i) => String(i + 1) },
  { title: 'Stock No', width: 76, align: 'left', value: (item) => item.lotId },
  { title: 'Shape', width: 78, align: 'left', value: (item) => item.stone.shape_full },
  { title: 'Carats', width: 48, align: 'right', value: (item) => caratsText(item.carats) },
  { title: 'Colour', width: 92, align: 'left', value: (item) => colorText(item.stone) ?? '-' },
  { title: 'Clarity', width: 46, align: 'left', value: (item) => item.stone.clarity ?? '-' },
  { title: 'Cut/Pol/Sym', width: 72, align: 'left', value: (item) => finish(item.stone) },
  {
    title: 'Lab / Certificate',
    width: 118,
    align: 'left',
    value: (item) => [item.stone.lab, item.stone.certificate_number].filter(Boolean).join(' '),
  },
  { title: '$/ct', width: 72, align: 'right', value: (item) => usd(item.pricePerCarat) },
  { title: 'Discount', width: 56, align: 'right', value: (item) => percent(item.discount) },
  { title: 'Amount', width: 85.89, align: 'right', value: (item) => usd(item.amount) },
];
const CELL_PAD = 4;

class InvoiceWriter {
  private y = PAGE.margin;
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly invoice: InvoiceDocument,
  ) {}

  private rule(y: number, color = RULE, width = 0.6) {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }

  /** Label and value pairs right-aligned under the title. */
  private facts(rows: [string, string][], x: number, y: number, width: number) {
    const labelWidth = width * 0.45;
    let at = y;
    for (const [label, value] of rows) {
      this.doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, x, at, { width: labelWidth });
      this.doc
        .font('Helvetica-Bold')
        .fillColor(INK)
        .text(value, x + labelWidth, at, { width: width - labelWidth, align: 'right' });
      at += 14;
    }
    return at;
  }

  header() {
    const { doc, invoice } = this;
    const left = PAGE.margin;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(MUTED)
      .text('LOUPE DIAMONDS', left, PAGE.margin, { characterSpacing: 2 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text('Loose polished diamonds for the trade', left, PAGE.margin + 14);
    doc
      .font('Helvetica-Bold')
      .fontSize(24)
      .fillColor(INK)
      .text('Invoice', left, PAGE.margin + 32);

    const factsWidth = 250;
    const factsX = PAGE.margin + CONTENT_WIDTH - factsWidth;
    const factsEnd = this.facts(
      [
        ['Invoice number', invoice.number],
        ['Invoice date', dateText(invoice.invoicedAt)],
        ['Order ID', invoice.order.displayId],
        ['Order date', dateText(invoice.order.createdAt)],
      ],
      factsX,
      PAGE.margin,
      factsWidth,
    );

    let y = PAGE.margin + 72;
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text('BILL TO', left, y, { characterSpacing: 0.8 });
    y += 13;
    const { billTo } = invoice;
    const lines = [billTo.company, billTo.email, billTo.phone, billTo.place].filter((line): line is string =>
      Boolean(line),
    );
    doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(billTo.name, left, y, { width: 360 });
    y += 14;
    doc.font('Helvetica').fontSize(9.5).fillColor(INK);
    for (const line of lines) {
      doc.text(line, left, y, { width: 360 });
      y += 12.5;
    }
    this.y = Math.max(y, factsEnd) + 10;
    this.rule(this.y, INK, 1);
    this.y += 10;
  }

  private continuationHeader() {
    const { doc, invoice } = this;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(MUTED)
      .text('LOUPE DIAMONDS', PAGE.margin, PAGE.margin, { characterSpacing: 2 });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(`Invoice ${invoice.number} (continued)`, PAGE.margin, PAGE.margin, {
        width: CONTENT_WIDTH,
        align: 'right',
      });
    this.y = PAGE.margin + 22;
    this.rule(this.y, INK, 1);
    this.y += 10;
  }

  private newPage() {
    this.doc.addPage();
    this.continuationHeader();
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private room(height: number) {
    if (this.y + height > BOTTOM) this.newPage();
  }

  private tableHeader() {
    const { doc } = this;
    let x = PAGE.margin;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    for (const column of COLUMNS) {
      doc.text(column.title, x + CELL_PAD, this.y, {
        width: column.width - 2 * CELL_PAD,
        align: column.align,
        lineBreak: false,
      });
      x += column.width;
    }
    this.y += 13;
    this.rule(this.y);
    this.y += 3;
  }

  table() {
    const { doc, invoice } = this;
    this.tableHeader();
    invoice.items.forEach((item, index) => {
      doc.font('Helvetica').fontSize(8.5).fillColor(INK);
      const cells = COLUMNS.map((column) => ({
        column,
        text: column.value(item, index),
        width: column.width - 2 * CELL_PAD,
      }));
      // A long grade (a fancy colour with its overtone) wraps within its cell and the row grows.
      const height = Math.max(
        ROW_HEIGHT,
        ...cells.map(({ text, width }) => doc.heightOfString(text, { width }) + 5),
      );
      if (this.y + height > BOTTOM) {
        this.newPage();
        this.tableHeader();
      }
      if (index % 2 === 1) {
        doc
          .rect(PAGE.margin, this.y - 2, CONTENT_WIDTH, height)
          .fillColor(BAND)
          .fill();
      }
      let x = PAGE.margin;
      doc.font('Helvetica').fontSize(8.5).fillColor(INK);
      for (const { column, text, width } of cells) {
        doc.text(text, x + CELL_PAD, this.y + 2, { width, align: column.align });
        x += column.width;
      }
      this.y += height;
    });
    this.rule(this.y + 1, INK, 0.8);
    this.y += 10;
  }

  totals() {
    const { doc, invoice } = this;
    this.room(3 * 16 + 6);
    const width = 300;
    const x = PAGE.margin + CONTENT_WIDTH - width;
    const rows: [string, string][] = [
      ['Pieces', String(invoice.items.length)],
      ['Total carats', caratsText(invoice.order.totalCarats)],
      ['Total amount (USD)', usd(invoice.order.totalAmount)],
    ];
    for (const [index, [label, value]] of rows.entries()) {
      const last = index === rows.length - 1;
      doc
        .font(last ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(last ? 11 : 9.5)
        .fillColor(last ? INK : MUTED)
        .text(label, x, this.y, { width: width / 2 });
      doc
        .font('Helvetica-Bold')
        .fillColor(INK)
        .text(value, x + width / 2, this.y, { width: width / 2, align: 'right' });
      this.y += last ? 18 : 15;
    }
    this.y += 8;
  }

  comment() {
    const { doc, invoice } = this;
    const text = invoice.order.comment.trim();
    if (!text) return;
    const width = CONTENT_WIDTH * 0.6;
    doc.font('Helvetica').fontSize(9.5);
    const height = doc.heightOfString(text, { width });
    // A long comment that does not fit below the totals starts on a page of its own.
    this.room(Math.min(height, BOTTOM - PAGE.margin - 40) + 16);
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text("BUYER'S COMMENT", PAGE.margin, this.y, { characterSpacing: 0.8 });
    this.y += 13;
    doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(text, PAGE.margin, this.y, { width });
    this.y = doc.y + 8;
  }

  /** "LD-INV-000042 · Page 1 of 3" and the terms line on every page. */
  footers() {
    const { doc, invoice } = this;
    const range = doc.bufferedPageRange();
    for (let page = range.start; page < range.start + range.count; page++) {
      doc.switchToPage(page);
      // The footer sits in the bottom margin: without this pdfkit would start a page for it.
      doc.page.margins.bottom = 0;
      doc.font('Helvetica').fontSize(8).fillColor(MUTED);
      doc.text('Loupe Diamonds · all amounts in US dollars', PAGE.margin, FOOTER_Y, {
        width: CONTENT_WIDTH / 2,
        lineBreak: false,
      });
      doc.text(
        `${invoice.number} · Page ${page - range.start + 1} of ${range.count}`,
        PAGE.margin + CONTENT_WIDTH / 2,
        FOOTER_Y,
        { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false },
      );
    }
  }
}

export async function renderInvoice(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: 'Loupe Diamonds',
      Subject: `Invoice ${invoice.number} for order ${invoice.order.displayId}`,
      CreationDate: invoice.invoicedAt,
      ModDate: invoice.invoicedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const writer = new InvoiceWriter(doc, invoice);
  writer.header();
  writer.table();
  writer.totals();
  writer.comment();
  writer.footers();
  doc.end();
  return done;
}
