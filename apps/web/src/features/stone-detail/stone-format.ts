import { FINISH_GRADES, GIRDLES, labelOf, type Make } from '@loupe/contract/stone-vocabulary';
import type { Stone } from '@loupe/contract/stones';
import { EMPTY_CELL } from '../../domain/stones/formats';

/**
 * Words for the detail page, where the grid (domain/stones/formats.ts) shows codes:
 * numbers and money are written by the grid's formatters on both.
 */
export const EMPTY = EMPTY_CELL;

/** Text or "-" when missing or blank. */
export function formatText(value: string | null | undefined): string {
  return value?.trim() ? value.trim() : EMPTY;
}

/** "Slightly Thin - Medium", or one grade when thinnest and thickest agree. */
export function formatGirdle(stone: Pick<Stone, 'girdle_thin' | 'girdle_thick'>): string {
  const thin = stone.girdle_thin ? labelOf(GIRDLES, stone.girdle_thin) : null;
  const thick = stone.girdle_thick ? labelOf(GIRDLES, stone.girdle_thick) : null;
  if (thin && thick) return thin === thick ? thin : `${thin} - ${thick}`;
  return thin ?? thick ?? EMPTY;
}

/** A white stone's colour letter, or a fancy colour as the trade says it: "Fancy Intense Pinkish Yellow". */
export function formatColor(
  stone: Pick<Stone, 'color' | 'fancy_color' | 'fancy_intensity' | 'fancy_overtone'>,
): string {
  if (stone.fancy_color) {
    const overtone = stone.fancy_overtone && stone.fancy_overtone !== 'None' ? stone.fancy_overtone : null;
    return [stone.fancy_intensity, overtone, stone.fancy_color].filter(Boolean).join(' ');
  }
  return formatText(stone.color);
}

/** "Excellent" for EX; "-" when not graded. */
export function finishLabel(grade: string | null): string {
  return grade ? labelOf(FINISH_GRADES, grade) : EMPTY;
}

/**
 * The stone's overall make in the portal's own shortcuts (domain-facts §1.2): 3EX+NON, 3EX,
 * 3VG+EX, 3G or 3F when cut, polish and symmetry agree that far; "-" otherwise.
 */
export function totalGrade(
  stone: Pick<Stone, 'cut' | 'polish' | 'symmetry' | 'fluorescence'>,
): Make | typeof EMPTY {
  const grades = [stone.cut, stone.polish, stone.symmetry];
  const all = (accepted: string[]) => grades.every((grade) => grade !== null && accepted.includes(grade));
  if (all(['EX'])) return stone.fluorescence === 'NON' ? '3EX+NON' : '3EX';
  if (all(['EX', 'VG'])) return '3VG+EX';
  if (all(['G'])) return '3G';
  if (all(['F'])) return '3F';
  return EMPTY;
}
