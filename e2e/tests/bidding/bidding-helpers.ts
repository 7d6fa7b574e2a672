import type { Page } from '@playwright/test';

/** A figure of the grid's totals bar by its label, e.g. "Total Avg. Max Dis". */
export function totalsFigure(page: Page, label: string) {
  return page
    .getByLabel('Totals')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}
