import { confirmStones } from '@loupe/contract/confirmation';
import { getMe } from '@loupe/contract/customers';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, type OwnCustomer, test } from '../../fixtures/own-data';
import { apiRequest, logIn } from '../../fixtures/portal';
import { openSearch, settledCount, tile } from '../search/search-helpers';

/** The trade treats the bonded US warehouse as the USA for duties. */
const dutiesZone = (location: string) => location.replace(/-BD$/, '');

/** Another approved buyer confirms the stone first, through the API. */
async function confirmThroughApi(
  request: APIRequestContext,
  other: OwnCustomer,
  stone: { id: string; amount: number | null },
) {
  const res = await apiRequest(request, confirmStones, {
    token: other.token,
    query: { request_page: 'Searching' },
    data: { variants: [{ id: stone.id, amount: stone.amount! }], comments: 'Bought first' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The dashboard's stone id search, showing the one stone in the result grid. */
async function showStoneById(page: Page, lotId: string): Promise<Locator> {
  await page.getByLabel('Stone ids or certificate numbers').fill(lotId);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stone ID Search' })).toBeVisible({
    timeout: 20_000,
  });
  const table = page.getByRole('table', { name: 'Stones found' });
  await expect(table.getByRole('link', { name: lotId, exact: true })).toBeVisible();
  return table;
}

/** After Confirm Stone on the confirm screen: the disclaimer shows when a stone ships from elsewhere. */
async function acceptDisclaimerIfShown(page: Page) {
  const disclaimer = page.getByRole('dialog', { name: 'Disclaimer' });
  const success = page.getByRole('dialog', { name: /confirmed/i });
  await expect(disclaimer.or(success)).toBeVisible({ timeout: 15_000 });
  if (await disclaimer.isVisible()) {
    await expect(disclaimer).toContainText(/customs duties and taxes/i);
    await expect(disclaimer).toContainText(/import rules/i);
    await expect(disclaimer).toContainText(/longer/i);
    await disclaimer.getByRole('button', { name: 'Confirm Order' }).click();
  }
}

test.describe('[CONFIRM] confirming stones', () => {
  // Narrowing a search waits for the 800 ms debounce of the live count after every step.
  test.describe.configure({ timeout: 90_000 });

  test('[CONFIRM] a buyer confirms a stone from the search results with a comment and goes to the order', async ({
    page,
    own,
  }) => {
    const buyer = await own.customer();
    // An oval of 44 carats: no seeded stone is one, so the search finds this test's alone.
    const lot = (await own.stones([{ shape: 'Oval', carats: 44.2 }]))[0]!.lot_id;
    await logIn(page, buyer.email, buyer.password);
    await openSearch(page);
    await tile(page, 'Shape', 'Oval').click();
    await page.getByLabel('Carats From').fill('44');
    await page.getByLabel('Carats To').fill('44.99');
    await expect.poll(async () => settledCount(page)).toEqual({ kind: 'count', n: 1 });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('table', { name: 'Result 1' });
    await expect(table.getByRole('link', { name: lot, exact: true })).toBeVisible({ timeout: 20_000 });
    await table.getByRole('checkbox', { name: `Select ${lot}` }).check();
    await page.getByRole('button', { name: 'Confirm Stone' }).click();

    const review = page.getByRole('dialog', { name: 'Confirm Stones' });
    await expect(review).toBeVisible({ timeout: 15_000 });
    const stonesToConfirm = review.getByRole('table', { name: 'Stones to confirm' });
    await expect(stonesToConfirm.getByRole('row')).toHaveCount(2);
    await expect(stonesToConfirm).toContainText(lot);
    await expect(review.getByLabel('Confirmation totals')).toContainText('No. of Stones1');

    await review.getByRole('button', { name: 'Add Comment' }).click();
    const comment = review.getByLabel('Comment');
    await comment.fill('Please ship together with my Antwerp goods.');
    await expect(review).toContainText('43/1000');
    await review.getByRole('button', { name: 'Confirm Stone' }).click();
    await acceptDisclaimerIfShown(page);

    const success = page.getByRole('dialog', { name: /confirmed/i });
    await expect(success).toBeVisible();
    const orderId = (await success.locator('dd').textContent())?.trim() ?? '';
    expect(orderId).toMatch(/^\d{6}$/);
    await expect(success).toContainText(orderId);

    await success.getByRole('button', { name: 'Go to Your Order' }).click();
    await expect(page).toHaveURL(/\/v2\/my-orders\?path=pendingInvoices$/);
    await expect(page.getByText(orderId, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  });

  test('[CONFIRM] a stone another buyer confirmed after it was selected is reported as no longer available', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await own.customer();
    const rival = await own.customer();
    const stone = await own.stoneSeenBy(buyer);
    await logIn(page, buyer.email, buyer.password);
    const table = await showStoneById(page, stone.lot_id);
    await table.getByRole('checkbox', { name: `Select ${stone.lot_id}` }).check();

    await confirmThroughApi(request, rival, stone);
    await page.getByRole('button', { name: 'Confirm Stone' }).click();

    const dialog = page.getByRole('dialog', { name: 'Stone unavailable' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    const problems = dialog.getByRole('list', { name: 'Unavailable stones' });
    await expect(problems).toContainText(stone.lot_id);
    await expect(problems).toContainText('no longer available');
    await expect(dialog.getByRole('button', { name: 'Update Selection' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm Remaining Stones' })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Refresh Search Results' }).click();
    await expect(dialog).toBeHidden();
  });

  test('[CONFIRM] a stone another buyer confirms while the confirm screen is open is not ordered twice', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await own.customer();
    const rival = await own.customer();
    const first = await own.stoneSeenBy(buyer);
    const second = await own.stoneSeenBy(buyer);
    await logIn(page, buyer.email, buyer.password);
    await page.getByLabel('Stone ids or certificate numbers').fill(`${first.lot_id}\n${second.lot_id}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('table', { name: 'Stones found' });
    for (const stone of [first, second]) {
      await table.getByRole('checkbox', { name: `Select ${stone.lot_id}` }).check();
    }
    await page.getByRole('button', { name: 'Confirm Stone' }).click();
    const review = page.getByRole('dialog', { name: 'Confirm Stones' });
    await expect(review.getByRole('table', { name: 'Stones to confirm' }).getByRole('row')).toHaveCount(3, {
      timeout: 15_000,
    });

    // The other buyer is quicker: between the check and the click, the first stone is sold.
    await confirmThroughApi(request, rival, first);
    await review.getByRole('button', { name: 'Confirm Stone' }).click();
    const disclaimer = page.getByRole('dialog', { name: 'Disclaimer' });
    const conflict = page.getByRole('dialog', { name: 'Stone no longer available' });
    await expect(disclaimer.or(conflict)).toBeVisible({ timeout: 15_000 });
    if (await disclaimer.isVisible()) await disclaimer.getByRole('button', { name: 'Confirm Order' }).click();

    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText(`${first.lot_id} is no longer available`);
    await expect(conflict).toContainText('Nothing was ordered');
    const problems = conflict.getByRole('list', { name: 'Unavailable stones' });
    await expect(problems).toContainText(first.lot_id);
    await expect(problems).not.toContainText(second.lot_id);

    // The rest can still be confirmed: a new check, then the confirm screen with that stone alone.
    await conflict.getByRole('button', { name: 'Confirm Remaining Stones' }).click();
    const rows = review.getByRole('table', { name: 'Stones to confirm' }).getByRole('row');
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
    await expect(rows.nth(1)).toContainText(second.lot_id);
    await review.getByRole('button', { name: 'Confirm Stone' }).click();
    await acceptDisclaimerIfShown(page);
    const success = page.getByRole('dialog', { name: /confirmed/i });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'Continue' }).click();
    await expect(success).toBeHidden();
  });

  test('[CONFIRM] a stone that ships from outside the KAM location asks to accept duties and longer delivery first', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await own.customer();
    const me = await apiRequest(request, getMe, { token: buyer.token });
    const kamLocation = ((await me.json()) as { customer: { kam: { location: string | null } | null } })
      .customer.kam?.location;
    expect(kamLocation, 'a new buyer has a KAM with a location').toBeTruthy();
    // A stone in another duties zone than the KAM's.
    const country = ['India', 'Belgium', 'Dubai'].find(
      (place) => dutiesZone(place).toLowerCase() !== dutiesZone(kamLocation!).toLowerCase(),
    );
    const stone = await own.stoneSeenBy(buyer, { country });
    expect(dutiesZone(stone.location)).not.toBe(dutiesZone(kamLocation!));
    await logIn(page, buyer.email, buyer.password);
    const table = await showStoneById(page, stone.lot_id);
    await table.getByRole('checkbox', { name: `Select ${stone.lot_id}` }).check();
    await page.getByRole('button', { name: 'Confirm Stone' }).click();
    const review = page.getByRole('dialog', { name: 'Confirm Stones' });
    await review.getByRole('button', { name: 'Confirm Stone' }).click({ timeout: 15_000 });

    const disclaimer = page.getByRole('dialog', { name: 'Disclaimer' });
    await expect(disclaimer).toContainText(/customs duties and taxes/i);
    await expect(disclaimer).toContainText(/import rules/i);
    await expect(disclaimer).toContainText(/delivery may take longer/i);
    await expect(disclaimer).toContainText(stone.location);
    // Cancel goes back to the confirm screen; nothing is ordered until Confirm Order.
    await disclaimer.getByRole('button', { name: 'Cancel' }).click();
    await expect(review).toBeVisible();
    await review.getByRole('button', { name: 'Confirm Stone' }).click();
    await page
      .getByRole('dialog', { name: 'Disclaimer' })
      .getByRole('button', { name: 'Confirm Order' })
      .click();
    const success = page.getByRole('dialog', { name: /confirmed/i });
    await expect(success).toBeVisible({ timeout: 15_000 });
    await expect(success.locator('dd')).toHaveText(/^\d{6}$/);
  });

  test('[CONFIRM] a buyer whose KYC is not approved is sent to verify it', async ({ page, own }) => {
    const newcomer = await own.customer({ kyc: 'none' });
    const stone = await own.stoneSeenBy(newcomer);
    expect(stone.amount, 'prices are withheld until KYC is approved').toBeNull();
    await logIn(page, newcomer.email, newcomer.password);
    const table = await showStoneById(page, stone.lot_id);
    await table.getByRole('checkbox', { name: `Select ${stone.lot_id}` }).check();
    await page.getByRole('button', { name: 'Confirm Stone' }).click();

    const dialog = page.getByRole('dialog', { name: 'KYC required' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Verify my KYC now' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'KYC status' })).toBeVisible({ timeout: 15_000 });
  });
});
