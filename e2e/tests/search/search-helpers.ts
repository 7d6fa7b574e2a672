import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers for the search screens; they rely on generic facts of the seeded stock only. */

export const TOO_MANY = 'selection is more than 300 stones, modify your search';

export type LiveCount = { kind: 'count'; n: number } | { kind: 'none' } | { kind: 'too-many' };

export function countLine(page: Page): Locator {
  return page.getByRole('status', { name: 'Stones found' });
}

/** A tile of a filter group; tiles read "Round 1,234" with their live count. */
export function tile(page: Page, group: string, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('group', { name: group, exact: true }).getByRole('button', {
    name: new RegExp(`^${escaped}(\\s[\\d,]+)?$`),
  });
}

export function readCount(text: string): LiveCount {
  if (text.includes(TOO_MANY)) return { kind: 'too-many' };
  if (text.includes('No stones found')) return { kind: 'none' };
  const match = /([\d,]+) stones? found/.exec(text);
  if (!match) throw new Error(`Not a count: "${text}"`);
  return { kind: 'count', n: Number(match[1]!.replace(/,/g, '')) };
}

/** Waits for the debounced count after a change and reads it. */
export async function settledCount(page: Page, changed = true): Promise<LiveCount> {
  const line = countLine(page);
  if (changed)
    await expect(line)
      .toContainText('Counting', { timeout: 3000 })
      .catch(() => undefined);
  await expect(line).not.toContainText('Counting', { timeout: 10_000 });
  await expect(line).toHaveText(/found|selection is more than/);
  return readCount((await line.textContent()) ?? '');
}

/** Numbers like "1,234" in tiles and totals. */
export function numberIn(text: string | null): number {
  const match = /[\d,]+(\.\d+)?/.exec(text ?? '');
  return match ? Number(match[0].replace(/,/g, '')) : Number.NaN;
}

/**
 * Picks a shape, then narrows with common grades until the search finds 1–300 stones (a grade
 * that would find nothing is taken back). Answers the count.
 */
export async function narrowToSearchable(page: Page, shape: string): Promise<number> {
  await tile(page, 'Shape', shape).click();
  let count = await settledCount(page);
  const steps: [string, string][] = [
    ['Carat presets', '1ct'],
    ['Clarity', 'VS1'],
    ['Clarity', 'VS2'],
    ['White color', 'G'],
    ['White color', 'H'],
    ['Lab', 'GIA'],
    ['Polish', 'EX'],
    ['Symmetry', 'EX'],
    ['Fluorescence', 'None'],
    ['Location', 'India'],
  ];
  for (const [group, label] of steps) {
    if (count.kind === 'count' && count.n <= 300) break;
    await tile(page, group, label).click();
    const next = await settledCount(page);
    if (next.kind === 'none') {
      await tile(page, group, label).click();
      count = await settledCount(page);
    } else {
      count = next;
    }
  }
  if (count.kind !== 'count' || count.n > 300) throw new Error(`Could not narrow ${shape} to 300 stones`);
  return count.n;
}

export async function openSearch(page: Page) {
  await page.goto('/v2/search?active-tab=new-search');
  // The first visit loads the search screen's code.
  await expect(page.getByRole('heading', { level: 1, name: 'Search Diamonds' })).toBeVisible({
    timeout: 20_000,
  });
  await settledCount(page, false);
}

/** The text of one column's cells in the stone rows shown (not the shape groups' header rows). */
export async function columnTexts(table: Locator, header: string): Promise<string[]> {
  return table.evaluate((element, name) => {
    const headers = [...element.querySelectorAll('thead th')];
    const index = headers.findIndex((th) => th.textContent?.trim() === name);
    if (index < 0) throw new Error(`No column ${name}`);
    return [...element.querySelectorAll('tbody tr')]
      .filter((row) => !row.matches('.spacer-row, .group-row'))
      .map((row) => row.children[index]?.textContent?.trim() ?? '');
  }, header);
}
