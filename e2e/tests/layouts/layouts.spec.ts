import { getCart } from '@loupe/contract/cart';
import { createLayout } from '@loupe/contract/layouts';
import { expect, test } from '../../fixtures/own-data';
import { callApi, logIn, operator } from '../../fixtures/portal';
import { apiToken, findStones } from '../../fixtures/stones';

test.describe('[LAYOUTS] layouts', () => {
  test('[LAYOUTS] a layout made by the sales team is listed, shows its stones and totals, and goes to the cart whole', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await apiToken(request, 'buyer@loupe.test');
    const { stones } = await findStones(request, buyer, { shape: ['BR'] }, { limit: 40 });
    const lots = stones.slice(-3).map((stone) => stone.lot_id);
    const name = `E2E line ${Date.now().toString(36)}`;
    const made = await operator(request, createLayout, { body: { name, lot_ids: lots } });
    expect(made.layout.stones_count).toBe(3);

    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    // Hidden from the side bar (spec §2), reached by its address.
    await expect(page.getByRole('link', { name: /^Layouts?$/ })).toHaveCount(0);
    await page.goto('/v2/layout');
    await expect(page.getByRole('heading', { level: 1, name: 'Layouts' })).toBeVisible();
    await page.getByLabel('Search layouts').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('BR');
    await expect(row.getByRole('cell').nth(1)).toHaveText('3');
    await row.getByRole('link', { name }).click();

    await expect(page).toHaveURL(/\/v2\/layout\/view-detail\?layout_id=/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const totals = page.getByRole('definition');
    await expect(totals.nth(1)).toHaveText('3');
    for (const lot of lots) await expect(page.getByRole('link', { name: lot, exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Layout to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to cart' })).toBeVisible();
    const token = await apiToken(request, customer.email, customer.password);
    const cart = await callApi(request, getCart, { token });
    expect(cart.body.items.map((item) => item.product.lot_id).sort()).toEqual([...lots].sort());
  });
});
