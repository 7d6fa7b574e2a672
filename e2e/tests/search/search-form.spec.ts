import { expect, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';
import {
  countLine,
  narrowToSearchable,
  numberIn,
  openSearch,
  settledCount,
  TOO_MANY,
  tile,
} from './search-helpers';

test.describe('[SEARCH] search form', () => {
  // Every change waits for the 800 ms debounce of the live count.
  test.describe.configure({ timeout: 60_000 });

  test('[SEARCH] a shape and a carat preset change the live count, as the tiles predicted', async ({
    page,
    own,
  }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);

    const round = tile(page, 'Shape', 'Round');
    const roundsInStock = numberIn(await round.textContent());
    expect(roundsInStock).toBeGreaterThan(0);

    await round.click();
    await expect(round).toHaveAttribute('aria-pressed', 'true');
    const rounds = await settledCount(page);
    if (roundsInStock > 300) expect(rounds).toEqual({ kind: 'too-many' });
    else expect(rounds).toEqual({ kind: 'count', n: roundsInStock });

    const preset = tile(page, 'Carat presets', '1ct');
    await preset.click();
    await expect(preset).toHaveAttribute('aria-pressed', 'true');
    const oneCarat = await settledCount(page);
    if (oneCarat.kind === 'count') expect(oneCarat.n).toBeLessThanOrEqual(roundsInStock);

    // Every shape at every weight is the whole stock: far more than one result may hold.
    await tile(page, 'Carat presets', '1ct').click();
    await tile(page, 'Shape', 'All').click();
    await expect(tile(page, 'Shape', 'Others')).toHaveAttribute('aria-pressed', 'true');
    expect(await settledCount(page)).toEqual({ kind: 'too-many' });
    await expect(countLine(page)).toHaveText(TOO_MANY);
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
  });

  test('[SEARCH] make shortcuts and range checks follow the trade rules', async ({ page, own }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);

    await tile(page, 'Fluorescence', 'None').click();
    await tile(page, 'Make', '3EX').click();
    for (const group of ['Cut', 'Polish', 'Symmetry']) {
      await expect(tile(page, group, 'EX')).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(tile(page, 'Fluorescence', 'None')).toHaveAttribute('aria-pressed', 'false');
    await tile(page, 'Polish', 'VG').click();
    await expect(tile(page, 'Make', '3EX')).toHaveAttribute('aria-pressed', 'false');

    await page.getByLabel('Discount % From').fill('-120');
    await page.getByLabel('Discount % To').fill('-10');
    await expect(page.getByText('please enter a range between -100 to 100 only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await page.getByLabel('Discount % From').fill('-5');
    await expect(page.getByText('From should be less than To')).toBeVisible();
    await page.getByLabel('Discount % To').fill('');
    await expect(page.getByText('enter both From & To')).toBeVisible();
    await page.getByLabel('Discount % From').fill('');
    await expect(page.getByText('enter both From & To')).toHaveCount(0);

    await page.getByLabel('Carats From').fill('3');
    await page.getByLabel('Carats To').fill('3.99');
    await page.getByRole('button', { name: 'Add Carats' }).click();
    await expect(page.getByRole('list', { name: 'Carat ranges' }).getByRole('listitem')).toHaveText([
      '3.00-3.99×',
    ]);
  });

  test('[SEARCH] each search opens a result tab; at 10 the Maximum Tabs Reached dialog offers Manage Tabs', async ({
    page,
    own,
  }) => {
    test.setTimeout(180_000);
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);
    await narrowToSearchable(page, 'Round');

    for (let n = 1; n <= 10; n += 1) {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`active-tab=result-${n}$`));
      await expect(page.getByRole('link', { name: `Result ${n}`, exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'New Search', exact: true }).click();
      await settledCount(page, false);
    }
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const limit = page.getByRole('dialog', { name: 'Maximum Tabs Reached' });
    await expect(limit).toBeVisible();
    await limit.getByRole('button', { name: 'Manage Tabs' }).click();

    const manage = page.getByRole('dialog', { name: 'Manage Tabs' });
    await manage.getByRole('button', { name: 'Close Result 1', exact: true }).click();
    await expect(manage.getByRole('listitem')).toHaveCount(9);
    await manage.getByRole('button', { name: 'Done' }).click();
    // The rest moved up a number.
    await expect(page.getByRole('link', { name: 'Result 10', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Result 9', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/active-tab=result-10$/);
    await page.getByRole('button', { name: 'Close All Tabs' }).click();
    await expect(page).toHaveURL(/active-tab=new-search$/);
    await expect(page.getByRole('link', { name: /^Result \d+$/ })).toHaveCount(0);
  });
});
