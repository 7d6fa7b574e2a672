import fs from 'node:fs/promises';
import { expect, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';
import { columnTexts, narrowToSearchable, numberIn, openSearch } from './search-helpers';

async function searchFor(page: import('@playwright/test').Page, shape: string, tab: number) {
  await narrowToSearchable(page, shape);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`active-tab=result-${tab}$`));
  const table = page.getByRole('table', { name: `Result ${tab}` });
  await expect(table.getByRole('link', { name: /^LD/ }).first()).toBeVisible({ timeout: 20_000 });
  return table;
}

test.describe('[SEARCH] result grid', () => {
  // Narrowing a search waits for the 800 ms debounce of the live count after every step.
  test.describe.configure({ timeout: 90_000 });

  test('[SEARCH] two result tabs keep their own stones when switching between them', async ({
    page,
    own,
  }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);
    const rounds = await searchFor(page, 'Round', 1);
    expect(new Set(await columnTexts(rounds, 'Shape'))).toEqual(new Set(['BR']));

    await page.getByRole('link', { name: 'New Search', exact: true }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    const ovals = await searchFor(page, 'Oval', 2);
    expect(new Set(await columnTexts(ovals, 'Shape'))).toEqual(new Set(['OV']));

    await page.getByRole('link', { name: 'Result 1', exact: true }).click();
    await expect(page).toHaveURL(/active-tab=result-1$/);
    expect(new Set(await columnTexts(page.getByRole('table', { name: 'Result 1' }), 'Shape'))).toEqual(
      new Set(['BR']),
    );

    // A reload keeps the tabs, and Modify re-runs the search in the same tab.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Result 2', exact: true })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Modify Search' }).click();
    await expect(page.getByRole('heading', { name: 'Modify Result 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('table', { name: 'Result 1' })).toBeVisible();
  });

  test('[SEARCH] sorting by a column asks the server for that order', async ({ page, own }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);
    const table = await searchFor(page, 'Round', 1);
    const carats = table.getByRole('columnheader', { name: 'Carats' });

    await carats.getByRole('button').click();
    await expect(carats).toHaveAttribute('aria-sort', 'ascending');
    await expect
      .poll(async () => {
        const values = (await columnTexts(table, 'Carats')).map(Number);
        return values.every((value, i) => i === 0 || values[i - 1]! <= value);
      })
      .toBe(true);

    await carats.getByRole('button').click();
    await expect(carats).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(async () => {
        const values = (await columnTexts(table, 'Carats')).map(Number);
        return values.every((value, i) => i === 0 || values[i - 1]! >= value);
      })
      .toBe(true);
  });

  test('[SEARCH] selected rows drive the totals bar, and Download Excel saves an .xlsx', async ({
    page,
    own,
  }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);
    const table = await searchFor(page, 'Round', 1);
    const totals = page.getByLabel('Totals');
    const total = (term: string) => totals.getByText(term, { exact: true }).locator('xpath=..').locator('dd');
    const found = numberIn(
      await page
        .getByRole('status')
        .filter({ hasText: /^[\d,]+ stones?$/ })
        .textContent(),
    );
    await expect(total('No. of Pieces')).toHaveText(`0/${found}`);

    const checkboxes = table.getByRole('checkbox', { name: /^Select LD/ });
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await expect(total('No. of Pieces')).toHaveText(`2/${found}`);
    const carats = (await columnTexts(table, 'Carats')).slice(0, 2).map(Number);
    await expect(total('Total Carats')).toHaveText((carats[0]! + carats[1]!).toFixed(2));
    const amounts = (await columnTexts(table, 'Amt ($)')).slice(0, 2).map(numberIn);
    const sum = amounts[0]! + amounts[1]!;
    await expect(total('Total Amount')).toHaveText(
      `$${sum.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await fs.readFile((await download.path())!);
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  test('[SEARCH] a Stock No. opens the detail page of that stone', async ({ page, own }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);
    const table = await searchFor(page, 'Round', 1);
    const first = table.getByRole('link', { name: /^LD/ }).first();
    const lot = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/v2/detail-page\\?path=search&stoneid=${lot}-[A-Z-]+$`));
  });

  test('[SEARCH] a customer whose KYC is under review sees locked prices and can ask the KAM', async ({
    page,
  }) => {
    await logIn(page, 'existing@loupe.test');
    await openSearch(page);
    await expect(page.getByLabel('Discount % From')).toBeDisabled();
    const table = await searchFor(page, 'Round', 1);

    await expect(table.getByRole('button', { name: 'Unlock' }).first()).toBeVisible();
    await expect(page.getByLabel('Totals').getByText('Total Amount').locator('xpath=..')).toContainText(
      'Locked',
    );
    await table.getByRole('button', { name: 'Unlock' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Contact Sales Team' });
    await expect(dialog.getByLabel('Message')).toHaveValue(/I would like to see the price of LD/);
    await expect(dialog.getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      /^mailto:[^?]+@[^?]+\?subject=/,
    );
    await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('[SEARCH] new arrivals are explained to a customer whose KYC is under review', async ({ page }) => {
    await logIn(page, 'existing@loupe.test');
    await page.goto('/v2/new-arrivals');
    await expect(
      page.getByRole('heading', { name: 'New arrivals open once your KYC is approved' }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('main').getByRole('link', { name: 'WhatsApp' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('[SEARCH] an approved buyer finds a new arrival by its stone id', async ({ page, own }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    // A stone of this test's own, certified at its upload: a new arrival.
    const lot = (await own.stones([{}]))[0]!.lot_id;
    await page.goto('/v2/new-arrivals');
    const table = page.getByRole('table', { name: 'New arrivals' });
    const lots = table.getByRole('link', { name: /^LD/ });
    await expect(lots.first()).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Search by Stone ID', { exact: true }).fill(lot.toLowerCase());
    await expect(lots).toHaveText([lot]);
    await expect(lots.first()).toHaveAttribute('href', new RegExp(`path=new-arrivals&stoneid=${lot}-`));
  });

  test('[SEARCH] the column manager hides and reorders columns for this customer, and resets them', async ({
    page,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    await openSearch(page);
    const table = await searchFor(page, 'Round', 1);
    const headers = () =>
      table.evaluate((element) =>
        [...element.querySelectorAll('thead th')].map((th) => th.textContent?.trim()),
      );
    expect(await headers()).toContain('Details');

    await page.getByRole('button', { name: 'Columns' }).click();
    const manager = page.getByRole('dialog', { name: 'Manage Columns' });
    await expect(manager.getByRole('checkbox', { name: 'Stock No.' })).toBeDisabled();
    await manager.getByRole('checkbox', { name: 'Details' }).uncheck();
    await manager.getByRole('button', { name: 'Move Carats up' }).click();
    await manager.getByRole('button', { name: 'Save' }).click();
    await expect(manager).toHaveCount(0);
    await expect.poll(headers).not.toContain('Details');
    const order = await headers();
    expect(order.indexOf('Carats')).toBeLessThan(order.indexOf('Cut'));

    await page.reload();
    await expect(page.getByRole('table', { name: 'Result 1' })).toBeVisible({ timeout: 20_000 });
    expect(await headers()).not.toContain('Details');

    await page.getByRole('button', { name: 'Columns' }).click();
    await manager.getByRole('button', { name: 'Reset to default' }).click();
    await manager.getByRole('button', { name: 'Save' }).click();
    await expect.poll(headers).toContain('Details');
  });
});
