import { getCart } from '@loupe/contract/cart';
import type { Page } from '@playwright/test';
import { expect, type OwnData, test } from '../../fixtures/own-data';
import { callApi, logIn } from '../../fixtures/portal';
import { apiToken } from '../../fixtures/stones';

/** A new customer (so settings and cart are the test's own) on the matching-pair screen. */
async function openMatchingPair(page: Page, own: OwnData) {
  const customer = await own.customer({ kyc: 'none' });
  await logIn(page, customer.email, customer.password);
  await page.getByRole('link', { name: 'Matching Pair', exact: true }).click();
  await expect(page).toHaveURL(/\/v2\/matching-pair/);
  await expect(page.getByRole('heading', { level: 1, name: 'Matching Pair' })).toBeVisible();
  return customer;
}

async function searchPairs(page: Page, tab: number) {
  const search = page.getByRole('button', { name: 'Search Pairs' });
  await expect(search).toBeEnabled({ timeout: 20_000 });
  await search.click();
  await expect(page).toHaveURL(new RegExp(`active-tab=result-${tab}$`));
  const result = page.getByRole('region', { name: `Result ${tab}` });
  await expect(result.getByRole('status').first()).toHaveText(/^\d+ pairs?$/, { timeout: 20_000 });
  return result;
}

test.describe('[PAIRS] matching pair', () => {
  test.describe.configure({ timeout: 90_000 });

  test('[PAIRS] a search shows pairs with their differences highlighted; a pair goes to the cart', async ({
    page,
    request,
    own,
  }) => {
    const customer = await openMatchingPair(page, own);
    const result = await searchPairs(page, 1);
    await expect(page.getByRole('link', { name: 'Result 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const pair = result.getByRole('article', { name: /^Pair 1: / });
    const rows = pair.getByRole('row');
    await expect(rows).toHaveCount(3);
    // A cell is highlighted exactly when the two stones differ there.
    const first = rows.nth(1).getByRole('cell');
    const second = rows.nth(2).getByRole('cell');
    const cells = await first.count();
    expect(cells).toBeGreaterThan(10);
    let highlighted = 0;
    for (let i = 0; i < cells; i++) {
      const [a, b] = [await first.nth(i).textContent(), await second.nth(i).textContent()];
      await expect(first.nth(i)).toHaveAttribute('data-differs', String(a !== b));
      if (a !== b) highlighted += 1;
    }
    expect(highlighted).toBeGreaterThan(0);
    // With the default settings colour and clarity are Equal.
    const header = pair.getByRole('columnheader');
    const names = await header.allTextContents();
    for (const column of ['Color', 'Clarity']) {
      const at = names.indexOf(column) - 1;
      await expect(first.nth(at)).toHaveAttribute('data-differs', 'false');
    }
    await expect(pair).toContainText(/same Color, Clarity/);

    const lots = [
      (await rows.nth(1).getByRole('rowheader').textContent())!,
      (await rows.nth(2).getByRole('rowheader').textContent())!,
    ];
    await pair.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to cart' })).toBeVisible();
    const token = await apiToken(request, customer.email, customer.password);
    const cart = await callApi(request, getCart, { token });
    expect(cart.body.items.map((item) => item.product.lot_id).sort()).toEqual([...lots].sort());
  });

  test('[PAIRS] Match Pair Settings: Equal, clamping, the From > To warning, rank by dragging, leaving with changes', async ({
    page,
    own,
  }) => {
    await openMatchingPair(page, own);
    await page.getByRole('button', { name: 'Match Pair Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Match Pair Settings' });
    await expect(dialog.getByRole('columnheader')).toHaveText([
      'Rank',
      'Name',
      'Equal',
      'From',
      'To',
      'Action',
    ]);
    await expect(dialog.getByRole('button', { name: 'Reset' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: 'Color From' })).toBeDisabled();
    await expect(dialog.getByRole('row', { name: /Table %/ })).toContainText('From is greater than To');

    await dialog.getByRole('checkbox', { name: 'Color Equal' }).uncheck();
    const colorFrom = dialog.getByRole('textbox', { name: 'Color From' });
    await colorFrom.fill('1.6');
    await colorFrom.blur();
    await expect(colorFrom).toHaveValue('2');
    const caratTo = dialog.getByRole('textbox', { name: 'Carat To' });
    await caratTo.fill('0.257');
    await caratTo.blur();
    await expect(caratTo).toHaveValue('0.26');

    await dialog.getByRole('row', { name: /Carat/ }).dragTo(dialog.getByRole('row', { name: /Color/ }));
    await expect(dialog.getByRole('row').nth(1)).toContainText('Carat');
    await expect(dialog.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const leave = page.getByRole('dialog', { name: 'Discard your changes?' });
    await leave.getByRole('button', { name: 'No, Stay' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Carat To' })).toHaveValue('0.26');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Match Pair Settings' }).click();
    await expect(dialog.getByRole('row').nth(1)).toContainText('Carat');
    await expect(dialog.getByRole('textbox', { name: 'Color From' })).toHaveValue('2');
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Color From' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Yes, Exit' })
      .click();
    await expect(dialog).toBeHidden();
  });

  test('[PAIRS] a pair opens side by side on the detail page, with similar stones below', async ({
    page,
    own,
  }) => {
    await openMatchingPair(page, own);
    const result = await searchPairs(page, 1);
    const pair = result.getByRole('article', { name: /^Pair 1: / });
    await pair.getByRole('button', { name: 'Similar Stones' }).click();
    const similar = page.getByRole('dialog', { name: /^Similar Stones to / });
    await expect(similar.getByRole('table').or(similar.getByText('No similar stones'))).toBeVisible();
    await similar.getByRole('button', { name: 'Close' }).click();

    await pair.getByRole('link', { name: 'View pair' }).click();
    await expect(page).toHaveURL(/\/v2\/detail-page\?path=matching-pair/);
    await expect(page.getByRole('heading', { level: 1, name: 'Matching pair' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Similar Stones' })).toBeVisible();
  });
});
