import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getStoneCertificate, getStoneImage } from '@loupe/contract/stone-detail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStone, type StoneSpec } from '../../app/seed/stone-factory.ts';
import { injectRoute, openApiPath } from '../../test/call-route.ts';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { reviseStones } from '../stones/index.ts';

const run = promisify(execFile);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (
  route: typeof getStoneImage | typeof getStoneCertificate,
  lotId: string,
  headers: Record<string, string> = {},
) => injectRoute(t.app, route, { params: { lotId }, headers });

/** What a browser would draw: the SVG parsed as XML, with the outline's size and the texts. */
async function readSvg(svg: string) {
  const script = `
import json, sys, xml.etree.ElementTree as ET
ns = {'s': 'http://www.w3.org/2000/svg'}
root = ET.fromstring(sys.stdin.read())
outline = root.find(".//s:polygon[@id='outline']", ns)
points = [tuple(map(float, p.split(','))) for p in outline.get('points').split()]
xs = [p[0] for p in points]; ys = [p[1] for p in points]
top = root.find(".//s:g[@id='top-view']", ns)
table = root.find(".//s:polygon[@id='table']", ns)
print(json.dumps({
  'width': max(xs) - min(xs), 'height': max(ys) - min(ys),
  'shape': top.get('data-shape'), 'table_corners': len(table.get('points').split()),
  'title': root.find('s:title', ns).text,
  'texts': [''.join(t.itertext()) for t in root.iter('{http://www.w3.org/2000/svg}text')],
}))`;
  const child = execFile('/usr/bin/python3', ['-c', script]);
  let out = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`python exited with ${code}`))));
  });
  child.stdin!.end(svg);
  await done;
  return JSON.parse(out) as {
    width: number;
    height: number;
    shape: string;
    table_corners: number;
    title: string;
    texts: string[];
  };
}

/** The text of a PDF as pdftotext (poppler) reads it. */
async function pdfText(pdf: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'loupe-pdf-'));
  try {
    const file = path.join(dir, 'summary.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/[ \t]+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function stone(spec: StoneSpec) {
  return createStone(t.deps.db, spec);
}

describe('[MEDIA] stone image', () => {
  it('draws a pear at its length/width ratio with its proportions, without logging in', async () => {
    await stone({
      lot_id: 'LD-PEAR-1',
      shape: 'PS',
      ratio: 1.55,
      length: 10.12,
      width: 6.53,
      depth: 4.02,
      table_percentage: 58,
      depth_percentage: 61.6,
      crown_angle: 33.5,
      pavilion_angle: 41,
    });
    const res = await get(getStoneImage, 'ld-pear-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toContain('public');
    const svg = await readSvg(res.body);
    expect(svg.shape).toBe('PS');
    expect(svg.height / svg.width).toBeCloseTo(1.55, 2);
    expect(svg.title).toContain('LD-PEAR-1');
    expect(svg.texts).toEqual(
      expect.arrayContaining([
        'Table 58.0%',
        'Depth 61.6%',
        'Crown 33.5° · 15.0%',
        'Pavilion 41.0° · 43.0%',
        'Girdle 3.5% · THN-MED',
        '10.12 mm',
        '6.53 mm',
        'Pear · L/W 1.55',
      ]),
    );
  });

  it('draws each shape in its own outline: a round is round, an emerald a stepped octagon', async () => {
    await stone({ lot_id: 'LD-ROUND-1', shape: 'BR', ratio: 1.0 });
    await stone({ lot_id: 'LD-EMERALD-1', shape: 'EM', ratio: 1.42, table_percentage: 64 });
    await stone({ lot_id: 'LD-MARQUISE-1', shape: 'MQ', ratio: 2.05 });
    const round = await readSvg((await get(getStoneImage, 'LD-ROUND-1')).body);
    expect(round.height / round.width).toBeCloseTo(1, 2);
    expect(round.table_corners).toBe(8);
    const emerald = await readSvg((await get(getStoneImage, 'LD-EMERALD-1')).body);
    expect(emerald.shape).toBe('EM');
    expect(emerald.height / emerald.width).toBeCloseTo(1.42, 2);
    expect(emerald.table_corners).toBe(8);
    const marquise = await readSvg((await get(getStoneImage, 'LD-MARQUISE-1')).body);
    expect(marquise.height / marquise.width).toBeCloseTo(2.05, 2);
  });

  it('says when the lab did not measure the crown and pavilion of a fancy shape', async () => {
    await stone({
      lot_id: 'LD-CUSHION-1',
      shape: 'CU',
      ratio: 1.12,
      crown_angle: null,
      crown_height: null,
      pavilion_angle: null,
      pavilion_height: null,
    });
    const svg = await readSvg((await get(getStoneImage, 'LD-CUSHION-1')).body);
    expect(svg.texts).toEqual(expect.arrayContaining(['Crown not measured', 'Pavilion not measured']));
  });

  it('answers 304 while the stone is unchanged, and a new drawing once it changes', async () => {
    const row = await stone({ lot_id: 'LD-CACHE-1' });
    const first = await get(getStoneImage, 'LD-CACHE-1');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(getStoneImage, 'LD-CACHE-1', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await reviseStones(t.deps.db, [row.id], { tablePercentage: 60, updatedAt: new Date(Date.now() + 1000) });
    const changed = await get(getStoneImage, 'LD-CACHE-1', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await readSvg(changed.body)).texts).toContain('Table 60.0%');
  });

  it('keeps text from uploads as text', async () => {
    await stone({ lot_id: 'LD-TEXT-1', shape: 'OV', ratio: 1.4, culet: 'None' });
    const res = await get(getStoneImage, 'LD-TEXT-1');
    expect(res.body).not.toContain('<script');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers 404 for a stock number that does not exist', async () => {
    const res = await get(getStoneImage, 'LD-NOWHERE');
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('[MEDIA] grading summary', () => {
  it("restates the lab's report as Loupe's summary, with every grade readable as text", async () => {
    await stone({
      lot_id: 'LD-CERT-1',
      certificate_number: '2141438171',
      carats: 1.01,
      color: 'G',
      clarity: 'VS1',
      fluorescence: 'FNT',
      length: 6.47,
      width: 6.5,
      depth: 4,
      key_to_symbols: ['Crystal', 'Feather', 'Needle'],
      report_comments: 'Clouds are not shown. Pinpoints are not shown.',
      inscription: 'GIA 2141438171',
      certified_at: new Date('2026-03-14T09:00:00Z'),
    });
    const res = await get(getStoneCertificate, 'LD-CERT-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="LD-CERT-1-grading-summary.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Grading Summary',
      'Grading summary prepared by Loupe Diamonds from GIA report 2141438171',
      'not a laboratory report',
      'Report date March 14, 2026',
      'Loupe stock number LD-CERT-1',
      'Shape Round',
      'Measurements 6.47 - 6.50 x 4.00 mm',
      'Carat weight 1.01 carat',
      'Color grade G',
      'Clarity grade VS1',
      'Cut grade Excellent',
      'Polish Excellent',
      'Symmetry Excellent',
      'Fluorescence Faint',
      'Depth 61.8%',
      'Table 57.0%',
      'Crown angle 34.5°',
      'Pavilion angle 40.8°',
      'Girdle Thin to Medium, 3.5%',
      'Crystal, Feather, Needle',
      'Clouds are not shown. Pinpoints are not shown.',
      'https://www.gia.edu/report-check?reportno=2141438171',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('names a fancy colour and another lab as they are', async () => {
    await stone({
      lot_id: 'LD-CERT-2',
      lab: 'IGI',
      certificate_number: 'LG600123',
      shape: 'OV',
      color: null,
      fancy_color: 'Yellow',
      fancy_intensity: 'Fancy Intense',
      length: 9.1,
      width: 6.6,
      depth: 4.05,
    });
    const text = await pdfText((await get(getStoneCertificate, 'LD-CERT-2')).rawPayload);
    expect(text).toContain('Grading summary prepared by Loupe Diamonds from IGI report LG600123');
    expect(text).toContain('Color grade Fancy Intense Yellow');
    expect(text).toContain('Measurements 9.10 x 6.60 x 4.05 mm');
    expect(text).toContain('https://www.igi.org/verify-your-report/?r=LG600123');
  });

  it('answers the same file for the same stone, and 404 for an unknown one', async () => {
    await stone({ lot_id: 'LD-CERT-3' });
    const a = await get(getStoneCertificate, 'LD-CERT-3');
    const b = await get(getStoneCertificate, 'LD-CERT-3', {
      'if-none-match': a.headers.etag as string,
    });
    expect(b.statusCode).toBe(304);
    const missing = await get(getStoneCertificate, 'LD-NOWHERE');
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists both media routes in the API description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(res).paths);
    expect(paths).toEqual(
      expect.arrayContaining([openApiPath(getStoneImage), openApiPath(getStoneCertificate)]),
    );
  });
});
