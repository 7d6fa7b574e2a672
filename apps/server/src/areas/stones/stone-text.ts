import type { Stone } from '@loupe/contract/stones';

/** How the trade writes a stone's composite attributes, shared by the spreadsheet and the media. */

/** "Fancy Intense Yellow", "Fancy Light Pinkish Purple": a fancy colour as the trade writes it. */
export function colorText(
  stone: Pick<Stone, 'color' | 'fancy_color' | 'fancy_intensity' | 'fancy_overtone'>,
) {
  if (!stone.fancy_color) return stone.color;
  const overtone = stone.fancy_overtone && stone.fancy_overtone !== 'None' ? stone.fancy_overtone : null;
  return [stone.fancy_intensity, overtone, stone.fancy_color].filter(Boolean).join(' ');
}

/** "6.45*6.48*3.99" (L*W*D in mm, 2 decimals); empty unless all three are known. */
export function measurementsText(stone: Pick<Stone, 'length' | 'width' | 'depth'>) {
  const { length, width, depth } = stone;
  if (length == null || width == null || depth == null) return null;
  return [length, width, depth].map((mm) => mm.toFixed(2)).join('*');
}

/** "STN-MED": thinnest to thickest; one code when both are the same or only one is graded. */
export function girdleText(stone: Pick<Stone, 'girdle_thin' | 'girdle_thick'>) {
  const { girdle_thin: thin, girdle_thick: thick } = stone;
  if (thin && thick && thin !== thick) return `${thin}-${thick}`;
  return thin ?? thick;
}
