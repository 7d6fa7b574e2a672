import { decideKyc } from '@loupe/contract/kyc';
import { expect, test } from '../../fixtures/own-data';
import { logIn, operator } from '../../fixtures/portal';

/** Bid to buy in Chromium: the running demo event, all its stones, a sealed bid, then the raise. */
test('[BIDDING] bid to buy: show the event stones, bid above the floor and raise on Active Bid', async ({
  page,
  request,
  own,
}) => {
  test.setTimeout(60_000);
  const buyer = await own.customer({ kyc: 'none' });
  await operator(request, decideKyc, { params: { email: buyer.email }, body: { status: 'approved' } });
  await logIn(page, buyer.email, buyer.password);
  await page.goto('/v2/bid-2-buy');
  await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('bid-countdown')).toHaveText(/^\d{2,}:\d\d:\d\d$/);

  const table = page.getByRole('table', { name: 'Bid to buy: Bid Stone' });
  await expect(page.getByText('Search by stone id, apply a filter or show all stones')).toBeVisible();
  await page.getByRole('button', { name: 'Show all stones' }).click();
  const firstLot = table.getByRole('link', { name: /^LD\d+$/ }).first();
  await expect(firstLot).toBeVisible();
  const lot = (await firstLot.textContent())!;

  await page.getByRole('checkbox', { name: `Select ${lot}` }).check();
  const panel = page.getByRole('region', { name: `Bid on ${lot}` });
  const first = Number(await panel.getByLabel('Your bid (Disc %)').inputValue());
  await panel.getByRole('button', { name: 'Add Bid' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your bid of' })).toHaveText(
    `Your bid of ${first.toFixed(2)}% on ${lot} is placed.`,
  );

  await page.getByRole('tab', { name: /^Active Bid/ }).click();
  const active = page.getByRole('table', { name: 'Bid to buy: Active Bid' });
  await expect(active.getByRole('link', { name: lot, exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${lot}` }).check();
  const update = page.getByRole('region', { name: `Bid on ${lot}` });
  await update.getByLabel('Your bid (Disc %)').fill(String(first));
  await expect(update.getByRole('button', { name: 'Update Bid' })).toBeDisabled();
  await update.getByRole('button', { name: 'Raise the bid by 0.25' }).click();
  await update.getByRole('button', { name: 'Update Bid' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your bid of' })).toHaveText(
    `Your bid of ${(first + 0.25).toFixed(2)}% on ${lot} is placed.`,
  );
});

test('[BIDDING] bid to buy: the promo sheet greets an approved buyer once while the event runs', async ({
  page,
  request,
  own,
}) => {
  const buyer = await own.customer({ kyc: 'none' });
  await operator(request, decideKyc, { params: { email: buyer.email }, body: { status: 'approved' } });
  await logIn(page, buyer.email, buyer.password, { bidToBuyPromo: true });
  const sheet = page.getByRole('dialog', { name: 'Bid to Buy is live' });
  await expect(sheet).toBeVisible({ timeout: 20_000 });
  await sheet.getByRole('link', { name: 'Bid Now' }).click();
  await expect(page).toHaveURL(/\/v2\/bid-2-buy\?path=bidStone/);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(sheet).toHaveCount(0);
});
