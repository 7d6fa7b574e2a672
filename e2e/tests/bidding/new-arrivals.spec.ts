import { closeBidRound } from '@loupe/contract/bidding';
import { decideKyc } from '@loupe/contract/kyc';
import { expect, test } from '../../fixtures/own-data';
import { logIn, operator } from '../../fixtures/portal';
import { totalsFigure } from './bidding-helpers';

/**
 * Issue 12 in Chromium: a buyer bids on a new arrival and raises the bid, another buyer's screen
 * shows the new highest bid live (the news of each bid, `bid_stones_changed`, heard on the watcher's
 * connection: decision 045), and after the close the first buyer sees the stone won in the
 * history and its order among the pending invoices.
 */
test('[BIDDING] place and raise a new-arrival bid, watched live by another buyer, and see the award', async ({
  page,
  browser,
  request,
  own,
}) => {
  test.setTimeout(90_000);
  // A clean round: whatever other tests left is awarded first.
  await operator(request, closeBidRound);
  const [a, b] = [await own.customer({ kyc: 'none' }), await own.customer({ kyc: 'none' })];
  for (const c of [a, b])
    await operator(request, decideKyc, { params: { email: c.email }, body: { status: 'approved' } });

  await logIn(page, a.email, a.password);
  await page.goto('/v2/new-arrivals');
  await expect(page.getByText(/Round closes in/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('bid-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
  const bidStone = page.getByRole('table', { name: 'New arrivals: Bid Stone' });
  const firstLot = bidStone.getByRole('link', { name: /^LD/ }).first();
  await expect(firstLot).toBeVisible();
  const lot = (await firstLot.textContent())!;

  // The other buyer watches the same stone.
  const other = await browser.newContext();
  const watcher = await other.newPage();
  const heard: string[] = [];
  watcher.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"bid_stones_changed"')) heard.push(payload);
    }),
  );
  const heardNewsOf = (bid: number) => heard.some((frame) => frame.includes(`"current_max_bid":${bid},`));
  await logIn(watcher, b.email, b.password);
  await watcher.goto('/v2/new-arrivals');
  const watched = watcher.getByRole('table', { name: 'New arrivals: Bid Stone' });
  await expect(watched.getByRole('link', { name: lot, exact: true })).toBeVisible({ timeout: 20_000 });

  // Place: one step above the asking discount.
  await page.getByRole('checkbox', { name: `Select ${lot}` }).check();
  const panel = page.getByRole('region', { name: `Bid on ${lot}` });
  const input = panel.getByLabel('Your bid (Disc %)');
  const first = Number(await input.inputValue());
  await panel.getByRole('button', { name: 'Lower the bid by 0.25' }).click();
  await expect(panel.getByRole('button', { name: 'Add Bid' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Raise the bid by 0.25' }).click();
  await expect(panel.getByTestId('bid-price-per-carat')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await panel.getByRole('button', { name: 'Add Bid' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your bid of' })).toHaveText(
    `Your bid of ${first.toFixed(2)}% on ${lot} is placed.`,
  );

  // Live: the watcher's row shows the new highest bid.
  const watchedRow = watched
    .getByRole('row')
    .filter({ has: watcher.getByRole('link', { name: lot, exact: true }) });
  await expect(watchedRow).toContainText(`${first.toFixed(2)}%`.replace('-', '−'));
  await expect.poll(() => heardNewsOf(first)).toBe(true);

  // Raise on Active Bid.
  await page.getByRole('tab', { name: /^Active Bid/ }).click();
  await expect(page).toHaveURL(/path=activeBid/);
  const active = page.getByRole('table', { name: 'New arrivals: Active Bid' });
  await expect(active.getByRole('link', { name: lot, exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${lot}` }).check();
  const update = page.getByRole('region', { name: `Bid on ${lot}` });
  await update.getByRole('button', { name: 'Raise the bid by 0.25' }).click();
  const raised = Number(await update.getByLabel('Your bid (Disc %)').inputValue());
  expect(raised).toBe(first + 0.5);
  await update.getByRole('button', { name: 'Update Bid' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your bid of' })).toHaveText(
    `Your bid of ${raised.toFixed(2)}% on ${lot} is placed.`,
  );
  await expect(watchedRow).toContainText(`${raised.toFixed(2)}%`.replace('-', '−'));
  await expect.poll(() => heardNewsOf(raised)).toBe(true);
  // Active Bid's totals are of my bid, not the asking discount (domain-facts §2.2).
  await expect(totalsFigure(page, 'Total Avg. Max Dis')).toHaveText(
    `${raised.toFixed(2)}%`.replace('-', '−'),
  );

  // The close: the stone is won, in the history and among the pending invoices.
  await operator(request, closeBidRound);
  await expect(active.getByRole('link', { name: lot, exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: /^Bid History/ }).click();
  const history = page.getByRole('table', { name: 'New arrivals: Bid History' });
  const wonRow = history.getByRole('row').filter({ has: page.getByRole('link', { name: lot, exact: true }) });
  await expect(wonRow).toContainText('Won');
  // Won rows are green (domain-facts §2.2).
  await expect(wonRow).toHaveClass(/bid-won-row/);
  await page.goto('/v2/my-orders?path=pendingInvoices');
  await page
    .getByRole('link', { name: /^View details of order/ })
    .first()
    .click();
  await expect(page.getByRole('link', { name: lot, exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await other.close();
});
