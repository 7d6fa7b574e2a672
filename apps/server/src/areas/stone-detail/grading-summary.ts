import { labReportUrl } from '@loupe/contract/lab-reports';
import { CULETS, FINISH_GRADES, FLUORESCENCES, GIRDLES, labelOf } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import PDFDocument from 'pdfkit';
import { colorText } from '../stones/index.ts';
import { type Point, sideProfile, topView } from './stone-geometry.ts';

/**
 * The stone's certificate download: Loupe's grading summary of the lab's report, one A4 page.
 * It restates the lab's data and says so on its face; it is not, and does not look like, the
 * lab's own certificate, which the link on the page checks.
 */

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INK = '#1f2a37';
const MUTED = '#5b6776';
const RULE = '#c9d2dc';
const FACET = '#8593a3';

const pct = (value: number | null) => (value == null ? '-' : `${value.toFixed(1)}%`);
const deg = (value: number | null) => (value == null ? '-' : `${value.toFixed(1)}°`);

function reportDate(iso: string) {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "6.47 - 6.50 x 4.00 mm" for rounds (minimum - maximum diameter), "8.10 x 5.52 x 3.41 mm" otherwise. */
function measurementsLine(stone: Stone) {
  const { length, width, depth } = stone;
  if (length == null || width == null || depth == null) return '-';
  if (stone.shape === 'BR') {
    const [min, max] = [Math.min(length, width), Math.max(length, width)];
    return `${min.toFixed(2)} - ${max.toFixed(2)} x ${depth.toFixed(2)} mm`;
  }
  return `${length.toFixed(2)} x ${width.toFixed(2)} x ${depth.toFixed(2)} mm`;
}

/** "Thin to Medium (Faceted), 3.5%": the girdle as a report describes it. */
function girdleLine(stone: Stone) {
  const thin = stone.girdle_thin ? labelOf(GIRDLES, stone.girdle_thin) : null;
  const thick = stone.girdle_thick ? labelOf(GIRDLES, stone.girdle_thick) : null;
  const range = thin && thick && thin !== thick ? `${thin} to ${thick}` : (thin ?? thick);
  const parts = [range, stone.girdle_percentage == null ? null : pct(stone.girdle_percentage)].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(', ') : '-';
}

const finish = (value: string | null) => (value ? labelOf(FINISH_GRADES, value) : '-');

type Row = [label: string, value: string];

class SummaryPage {
  private y: number;
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    top: number,
  ) {
    this.y = top;
  }

  get cursor() {
    return this.y;
  }

  heading(text: string, x: number, width: number) {
    this.y += 10;
    this.doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(text.toUpperCase(), x, this.y, {
      width,
      characterSpacing: 0.8,
    });
    this.y += 14;
    this.doc
      .moveTo(x, this.y)
      .lineTo(x + width, this.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.y += 6;
  }

  /** Label on the left, value right-aligned, with a dotted leader feel kept quiet. */
  rows(rows: Row[], x: number, width: number) {
    for (const [label, value] of rows) {
      this.doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
      const labelWidth = width * 0.46;
      this.doc.text(label, x, this.y, { width: labelWidth });
      this.doc.font('Helvetica-Bold').fillColor(INK);
      const valueHeight = this.doc.heightOfString(value, { width: width - labelWidth });
      this.doc.text(value, x + labelWidth, this.y, { width: width - labelWidth, align: 'right' });
      this.y += Math.max(14, valueHeight + 3);
    }
  }

  paragraph(label: string, value: string, x: number, width: number) {
    this.doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(label, x, this.y, { width });
    this.y += 12;
    this.doc.font('Helvetica-Bold').fillColor(INK).text(value, x, this.y, { width });
    this.y += this.doc.heightOfString(value, { width }) + 6;
  }

  moveTo(y: number) {
    this.y = y;
  }
}

function drawPolygon(doc: PDFKit.PDFDocument, points: readonly Point[], place: (p: Point) => Point) {
  const placed = points.map(place);
  doc.polygon(...placed.map(([x, y]) => [x, y] as [number, number]));
}

/** The top view and the profile, drawn from the same geometry as the stone's SVG image. */
function drawDiagram(doc: PDFKit.PDFDocument, stone: Stone, x: number, y: number, width: number) {
  const view = topView(stone.shape, stone.ratio, stone.table_percentage, stone.star_length);
  const size = 150;
  const unit = size / (2 * Math.max(view.halfWidth, view.halfLength));
  const cx = x + width / 2;
  const cy = y + size / 2;
  const placeTop = ([px, py]: Point): Point => [cx + px * unit, cy + py * unit];
  drawPolygon(doc, view.outline, placeTop);
  doc.lineWidth(1.1).fillAndStroke('#eef3f8', INK);
  drawPolygon(doc, view.table, placeTop);
  doc.lineWidth(0.6).fillAndStroke('#ffffff', FACET);
  for (const [a, b] of view.facets) {
    const [x1, y1] = placeTop(a);
    const [x2, y2] = placeTop(b);
    doc.moveTo(x1, y1).lineTo(x2, y2);
  }
  doc.lineWidth(0.4).strokeColor(FACET).stroke();

  const profile = sideProfile(stone);
  const profileTop = y + size + 34;
  const profileWidth = width * 0.56;
  const px0 = x + (width - profileWidth) / 2;
  const placeSide = ([px, py]: Point): Point => [
    px0 + profileWidth / 2 + px * profileWidth,
    profileTop + py * profileWidth,
  ];
  drawPolygon(doc, profile.outline, placeSide);
  doc.lineWidth(1.1).fillAndStroke('#eef3f8', INK);
  const girdleTop = profileTop + profile.crownHeight * profileWidth;
  const girdleBottom = girdleTop + profile.girdle * profileWidth;
  doc
    .moveTo(px0, girdleTop)
    .lineTo(px0 + profileWidth, girdleTop)
    .moveTo(px0, girdleBottom)
    .lineTo(px0 + profileWidth, girdleBottom)
    .lineWidth(0.5)
    .strokeColor(FACET)
    .stroke();
  const bottom = girdleBottom + profile.pavilionDepth * profileWidth;
  doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
  const sideWidth = px0 - x - 6;
  doc.text(`Table ${pct(stone.table_percentage)}`, px0, profileTop - 11, {
    width: profileWidth,
    align: 'center',
  });
  doc.text(`Crown\n${deg(stone.crown_angle)} · ${pct(stone.crown_height)}`, x, girdleTop - 18, {
    width: sideWidth,
    align: 'right',
  });
  doc.text(
    `Pavilion\n${deg(stone.pavilion_angle)} · ${pct(stone.pavilion_height)}`,
    x,
    (girdleBottom + bottom) / 2 - 8,
    {
      width: sideWidth,
      align: 'right',
    },
  );
  doc.text(`Depth\n${pct(stone.depth_percentage)}`, px0 + profileWidth + 6, (profileTop + bottom) / 2 - 8, {
    width: x + width - px0 - profileWidth - 6,
  });
  doc.text(`Culet ${stone.culet ?? '-'}`, px0, bottom + 4, { width: profileWidth, align: 'center' });
  return bottom + 16;
}

/** The grading summary of a stone as a PDF. Its dates come from the stone, so the same data gives the same file. */
export async function renderGradingSummary(stone: Stone, updatedAt: Date): Promise<Buffer> {
  const number = stone.certificate_number ?? 'without number';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: `Grading summary of ${stone.lot_id}`,
      Author: 'Loupe Diamonds',
      Subject: `Grading summary prepared by Loupe Diamonds from ${stone.lab} report ${number}`,
      CreationDate: updatedAt,
      ModDate: updatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const columnWidth = (contentWidth - 28) / 2;
  const right = left + columnWidth + 28;

  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(MUTED)
    .text('LOUPE DIAMONDS', left, PAGE.margin, { characterSpacing: 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text('Grading Summary', left, PAGE.margin + 16);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(
      `Grading summary prepared by Loupe Diamonds from ${stone.lab} report ${number}`,
      left,
      PAGE.margin + 46,
      {
        width: contentWidth,
      },
    );
  const url = labReportUrl(stone.lab, stone.certificate_number);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `This page restates the grading of the laboratory's report for our buyers' convenience. It is not a laboratory report and was not issued by ${stone.lab}; the laboratory's report prevails${url ? ' and can be checked at the address below' : ''}.`,
      left,
      PAGE.margin + 64,
      { width: contentWidth },
    );
  const ruleY = PAGE.margin + 92;
  doc
    .moveTo(left, ruleY)
    .lineTo(left + contentWidth, ruleY)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();

  const page = new SummaryPage(doc, ruleY + 4);
  page.heading('Report', left, columnWidth);
  page.rows(
    [
      ['Laboratory', stone.lab],
      ['Report number', stone.certificate_number ?? '-'],
      ['Report date', reportDate(stone.certified_at)],
      ['Loupe stock number', stone.lot_id],
    ],
    left,
    columnWidth,
  );
  page.heading('Grading results', left, columnWidth);
  page.rows(
    [
      ['Shape', stone.shape_full],
      ['Measurements', measurementsLine(stone)],
      ['Carat weight', `${stone.carats.toFixed(2)} carat`],
      ['Color grade', colorText(stone) ?? '-'],
      ['Clarity grade', stone.clarity ?? '-'],
      ['Cut grade', finish(stone.cut)],
      ['Polish', finish(stone.polish)],
      ['Symmetry', finish(stone.symmetry)],
      ['Fluorescence', stone.fluorescence ? labelOf(FLUORESCENCES, stone.fluorescence) : '-'],
    ],
    left,
    columnWidth,
  );
  page.heading('Proportions', left, columnWidth);
  page.rows(
    [
      ['Depth', pct(stone.depth_percentage)],
      ['Table', pct(stone.table_percentage)],
      ['Crown angle', deg(stone.crown_angle)],
      ['Crown height', pct(stone.crown_height)],
      ['Pavilion angle', deg(stone.pavilion_angle)],
      ['Pavilion depth', pct(stone.pavilion_height)],
      ['Star length', pct(stone.star_length)],
      ['Lower half', pct(stone.lower_half)],
      ['Girdle', girdleLine(stone)],
      ['Culet', stone.culet ? labelOf(CULETS, stone.culet) : '-'],
    ],
    left,
    columnWidth,
  );
  const leftEnd = page.cursor;

  const diagram = new SummaryPage(doc, ruleY + 4);
  diagram.heading('Proportion diagram', right, columnWidth);
  const diagramEnd = drawDiagram(doc, stone, right, diagram.cursor + 14, columnWidth);
  diagram.moveTo(diagramEnd);
  diagram.heading('Additional grading information', right, columnWidth);
  diagram.paragraph(
    'Key to symbols',
    stone.key_to_symbols.length > 0 ? stone.key_to_symbols.join(', ') : 'None listed',
    right,
    columnWidth,
  );
  diagram.paragraph('Comments', stone.report_comments ?? 'None', right, columnWidth);
  diagram.paragraph('Inscription(s)', stone.inscription ?? 'None', right, columnWidth);
  if (stone.origin_country)
    diagram.paragraph('Country of origin (as declared)', stone.origin_country, right, columnWidth);

  const footerY = Math.max(leftEnd, diagram.cursor) + 18;
  doc
    .moveTo(left, footerY)
    .lineTo(left + contentWidth, footerY)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  if (url) {
    doc.text(`Check the original report: ${url}`, left, footerY + 8, {
      width: contentWidth,
      link: url,
      underline: false,
    });
  }
  doc.text('Loupe Diamonds · loose polished diamonds for the trade', left, PAGE.height - PAGE.margin - 16, {
    width: contentWidth,
    align: 'center',
    lineBreak: false,
  });
  doc.end();
  return done;
}
