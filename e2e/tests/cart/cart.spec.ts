import { addToCart, holdStones } from '@loupe/contract/cart';
import { confirmStones } from '@loupe/contract/confirmation';
import { issueMemo } from '@loupe/contract/orders';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/own-data';
import { callApi, logIn, operator } from '../../fixtures/portal';
import { openSearch, settledCount, tile } from '../search/search-helpers';

function lotCell(table: Locator, lot: string): Locator {
  return table.getByRole('link', { name: lot, exact: true }).locator('xpath=ancestor::td');
}

function cartTab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
}

async function tabCount(tab: Locator): Promise<number> {
  const match = /\((\d+)\)/.exec((await tab.textContent()) ?? '');
  if (!match) throw new Error('A cart tab without its count');
  return Number(match[1]);
}

test.describe('[CART] my cart', () => {
  // Narrowing a search waits for the 800 ms debounce of the live count after every step.
  test.describe.configure({ timeout: 90_000 });

  test('[CART] stones added from search results land in Active, and deleting one says so', async ({
    page,
    own,
  }) => {
    const buyer = await own.customer();
    // Hearts of 45 carats: no seeded stone is one, so the search finds exactly this test's two.
    const lots = (
      await own.stones([
        { shape: 'Heart', carats: 45.1 },
        { shape: 'Heart', carats: 45.3 },
      ])
    ).map((s) => s.lot_id);
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);
    await tile(page, 'Shape', 'Heart').click();
    await page.getByLabel('Carats From').fill('45');
    await page.getByLabel('Carats To').fill('45.99');
    await expect.poll(async () => settledCount(page)).toEqual({ kind: 'count', n: 2 });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('table', { name: 'Result 1' });
    await expect(results.getByRole('link', { name: /^LD/ })).toHaveCount(2, { timeout: 20_000 });

    for (const lot of lots) await results.getByRole('checkbox', { name: `Select ${lot}` }).check();
    await page.getByRole('button', { name: 'Add to Cart' }).click();

    const added = page.getByRole('dialog', { name: 'Added to cart' });
    await expect(added).toContainText('2 stones added to your cart.');
    // The grid marks the stones it just sent to the cart.
    for (const lot of lots) await expect(lotCell(results, lot)).toHaveClass(/lot-in-cart/);
    await added.getByRole('button', { name: 'Go to My Cart' }).click();

    await expect(page).toHaveURL(/\/v2\/my-cart\?path=active$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
    const active = page.getByRole('tab', { name: 'Active (2)' });
    await expect(active).toHaveAttribute('aria-selected', 'true');
    const cart = page.getByRole('table', { name: 'Active stones' });
    for (const lot of lots) await expect(cart.getByRole('link', { name: lot, exact: true })).toBeVisible();

    await cart.getByRole('checkbox', { name: `Select ${lots[0]}` }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('1 stone(s) deleted')).toBeVisible();
    await expect(cart.getByRole('link', { name: lots[0]!, exact: true })).toHaveCount(0);
    await expect(cart.getByRole('link', { name: lots[1]!, exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Active (1)' })).toBeVisible();

    // The dashboard's My Cart card counts every tab and leads back to the cart.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const card = page.getByRole('region', { name: 'My Cart' });
    await expect(card.locator('.stat-value')).toHaveText('1');
    await card.getByRole('link', { name: 'View My Cart' }).click();
    await expect(page).toHaveURL(/\/v2\/my-cart\?path=active$/);
  });

  test('[CART] the buyer moves through Active, Memo, Hold and Sold, each with its stones and count', async ({
    page,
    request,
    own,
  }) => {
    // A stone in each tab: one added, one sent on memo, one held, and one another buyer bought;
    // and one the buyer added that the sales team then held for another buyer. The stone held for
    // the buyer is a heart of 45 carats, like one more available stone: no seeded stone is one, so
    // that stone is the one similar stone.
    const buyer = await own.customer();
    const rival = await own.customer();
    const [active, memo, hold, sold, theirs, similar] = await own.stones([
      {},
      {},
      { shape: 'Heart', carats: 45.2 },
      {},
      {},
      { shape: 'Heart', carats: 45.4 },
    ]);
    const [activeStone, , , soldStone, theirStone] = await own.lookUp(
      buyer.token,
      [active!, memo!, hold!, sold!, theirs!].map((s) => s.lot_id),
    );
    const added = await callApi(request, addToCart, {
      token: buyer.token,
      body: { variants: [activeStone!.id, soldStone!.id, theirStone!.id] },
    });
    expect(added.status, added.text).toBe(200);
    await operator(request, issueMemo, { body: { email: buyer.email, lot_ids: [memo!.lot_id] } });
    await operator(request, holdStones, { body: { email: buyer.email, lot_ids: [hold!.lot_id] } });
    await operator(request, holdStones, { body: { email: rival.email, lot_ids: [theirs!.lot_id] } });
    const bought = await callApi(request, confirmStones, {
      token: rival.token,
      body: { variants: [{ id: soldStone!.id, amount: soldStone!.amount! }] },
    });
    expect(bought.status, bought.text).toBe(200);

    await logIn(page, buyer.email, buyer.password);
    await page.goto('/v2/my-cart');
    await expect(page).toHaveURL(/path=active$/);

    let total = 0;
    for (const [name, path] of [
      ['Active', 'active'],
      ['Memo', 'memo'],
      ['Hold', 'hold'],
      ['Sold', 'sold'],
    ] as const) {
      const tab = cartTab(page, name);
      await tab.click();
      await expect(page).toHaveURL(new RegExp(`path=${path}$`));
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const table = page.getByRole('table', { name: `${name} stones` });
      await expect(table.getByRole('link', { name: /^LD/ }).first()).toBeVisible({ timeout: 15_000 });
      const count = await tabCount(tab);
      total += count;
      expect(count).toBeGreaterThan(0);
      await expect(page.getByRole('status').filter({ hasText: /^\d+ stones?$/ })).toHaveText(
        `${count} ${count === 1 ? 'stone' : 'stones'}`,
      );
      await expect(table.getByRole('link', { name: /^LD/ })).toHaveCount(Math.min(count, 20));

      if (path === 'hold' || path === 'memo') {
        // Whether the stone is reserved for this buyer, and until when.
        await expect(table.getByRole('columnheader', { name: 'Reserved' })).toBeVisible();
        await expect(table.getByText(/^(You|Another buyer)( · |$)/).first()).toBeVisible();
      }
      await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
      if (path === 'sold') {
        await expect(page.getByLabel('Totals')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Confirm Stone' })).toHaveCount(0);
      } else {
        await expect(page.getByLabel('Totals')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Confirm Stone' })).toBeVisible();
      }
      // Book Appointment on Active only (appointments refuse stones on hold or memo); View
      // Similar on the others (domain-facts §5).
      await expect(page.getByRole('button', { name: 'Book Appointment' })).toHaveCount(
        path === 'active' ? 1 : 0,
      );
      await expect(page.getByRole('button', { name: 'View Similar' })).toHaveCount(path === 'active' ? 0 : 1);
    }

    // The tab survives a reload, and a notice's link (my-cart:hold) lands on its tab.
    await page.reload();
    await expect(cartTab(page, 'Sold')).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
    await page.goto('/v2/my-cart?path=hold');
    await expect(cartTab(page, 'Hold')).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });

    // Hold: the Reserved cells show their whole text at 1440 px, the sentence in their title.
    const holds = page.getByRole('table', { name: 'Hold stones' });
    const theirCell = holds.getByText(/^Another buyer · \d{1,2} \w{3} \d{4}, \d\d:\d\d$/);
    await expect(theirCell).toBeVisible({ timeout: 15_000 });
    await expect(theirCell).toHaveAttribute('title', /^On hold for another buyer until /);
    await expect(holds.getByText(/^You · /)).toHaveAttribute('title', /^On hold for you until /);
    const reservedCells = await holds.locator('td:has(> span[title^="On hold"])').all();
    expect(reservedCells).toHaveLength(2);
    for (const cell of reservedCells) {
      expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
    }

    // View Similar for the one stone selected: the similar stones' dialog, where one can go to the cart.
    const viewSimilar = page.getByRole('button', { name: 'View Similar' });
    await expect(viewSimilar).toBeDisabled();
    await holds.getByRole('checkbox', { name: `Select ${hold!.lot_id}` }).check();
    await viewSimilar.click();
    const dialog = page.getByRole('dialog', { name: `Similar Stones to ${hold!.lot_id}` });
    const similarRows = dialog.getByRole('table', { name: `Stones similar to ${hold!.lot_id}` });
    await expect(similarRows.getByRole('link', { name: /^LD/ })).toHaveText([similar!.lot_id]);
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to cart' })).toContainText(
      '1 stone added to your cart.',
    );
    await page
      .getByRole('dialog', { name: 'Added to cart' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    total += 1;

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'My Cart' }).locator('.stat-value')).toHaveText(
      String(total),
    );
  });
});
