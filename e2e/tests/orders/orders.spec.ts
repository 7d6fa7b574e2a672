import fs from 'node:fs/promises';
import { confirmStones } from '@loupe/contract/confirmation';
import { deliverOrder, invoiceOrder, issueMemo, listOrders, shipOrder } from '@loupe/contract/orders';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, type OwnData, test } from '../../fixtures/own-data';
import { callApi, logIn, operator } from '../../fixtures/portal';

/**
 * Your Orders as a buyer of the test's own, with an order in every invoice state (pending, in
 * transit, delivered with its tracking number) and a memo order, made as the sales team makes them.
 */
async function buyerWithOrders(own: OwnData, request: APIRequestContext) {
  const buyer = await own.customer();
  const made = await own.stones([{}, {}, {}, {}]);
  const [pending, inTransit, delivered] = await own.lookUp(
    buyer.token,
    made.slice(0, 3).map((s) => s.lot_id),
  );
  const orderOf = async (stone: typeof pending) => {
    const res = await callApi(request, confirmStones, {
      token: buyer.token,
      body: { variants: [{ id: stone!.id, amount: stone!.amount! }] },
    });
    expect(res.status, res.text).toBe(200);
    return { orderId: String(res.body.order.display_id) };
  };
  await orderOf(pending);
  await operator(request, invoiceOrder, { params: await orderOf(inTransit) });
  const past = await orderOf(delivered);
  await operator(request, invoiceOrder, { params: past });
  await operator(request, shipOrder, { params: past, body: { tracking_number: 'E2E-TRACK-1' } });
  await operator(request, deliverOrder, { params: past });
  await operator(request, issueMemo, { body: { email: buyer.email, lot_ids: [made[3]!.lot_id] } });
  return buyer;
}

const ORDER_DATE = /^\d{2}\/\d{2}\/\d{4} \| \d{1,2}:\d{2} (AM|PM)$/;

const ordersTabs = (page: Page) => page.getByRole('tablist', { name: 'Your orders' });
const tab = (page: Page, name: 'Pending' | 'In-Transit' | 'Past') =>
  ordersTabs(page).getByRole('tab', { name: new RegExp(`^${name} \\d+$`) });

/** The number a tab shows beside its label. */
async function countOf(tabLocator: Locator): Promise<number> {
  const name = (await tabLocator.textContent()) ?? '';
  return Number(name.match(/(\d+)/)?.[1] ?? Number.NaN);
}

async function openYourOrders(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Your Orders' }).click();
  await expect(page).toHaveURL(/\/v2\/my-orders\?path=pendingInvoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
}

test.describe('[ORDERS] your orders', () => {
  test.beforeEach(async ({ page, request, own }) => {
    const buyer = await buyerWithOrders(own, request);
    await logIn(page, buyer.email, buyer.password);
  });

  test('[ORDERS] the three tabs show their counts, columns and tooltips, and keep the tab across a reload', async ({
    page,
  }) => {
    await openYourOrders(page);

    for (const name of ['Pending', 'In-Transit', 'Past'] as const) {
      await expect(tab(page, name)).toBeVisible();
      expect(await countOf(tab(page, name))).toBeGreaterThan(0);
    }
    await expect(tab(page, 'Pending')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Pending')).toHaveAccessibleDescription(/sales team is processing/);
    await expect(tab(page, 'In-Transit')).toHaveAccessibleDescription(/invoice has been generated/);

    const pending = page.getByRole('table', { name: 'Pending orders' });
    await expect(pending.getByRole('columnheader')).toHaveText([
      'Order ID',
      'Confirmation Date',
      'Order Request Status',
      'Details',
    ]);
    const firstPending = pending.getByRole('row').nth(1);
    await expect(firstPending.getByRole('cell').nth(0)).toHaveText(/^\d{6}$/);
    await expect(firstPending.getByRole('cell').nth(1)).toHaveText(ORDER_DATE);
    await expect(firstPending.getByRole('cell').nth(2)).toHaveText(/^(Success|Processing|Failed)$/);

    // Pending searches by order id on the server.
    const orderId = (await firstPending.getByRole('cell').nth(0).textContent()) ?? '';
    await page.getByLabel('Search by Order ID').fill(orderId);
    await expect(pending.getByRole('row')).toHaveCount(2);
    await expect(pending.getByRole('row').nth(1).getByRole('cell').nth(0)).toHaveText(orderId);
    await page.getByLabel('Search by Order ID').fill('999999');
    await expect(page.getByText('No pending order matches “999999”.')).toBeVisible();

    await tab(page, 'In-Transit').click();
    await expect(page).toHaveURL(/path=activeInvoices/);
    const inTransit = page.getByRole('table', { name: 'In-Transit orders' });
    await expect(inTransit.getByRole('columnheader')).toHaveText([
      'Order ID',
      'Invoice Number',
      'Invoice Date',
      'Details',
    ]);
    await expect(inTransit.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(/^LD-INV-\d{6}$/);
    await expect(inTransit.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(ORDER_DATE);

    // A reload (or a notice's deep link) lands on the same tab.
    await page.reload();
    await expect(tab(page, 'In-Transit')).toHaveAttribute('aria-selected', 'true');
    await page.goto('/v2/my-orders?path=invoicesHistory');
    await expect(tab(page, 'Past')).toHaveAttribute('aria-selected', 'true');

    // Past and In-Transit filter by invoice number in the browser.
    const past = page.getByRole('table', { name: 'Past orders' });
    const invoiceNumber = (await past.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()) ?? '';
    await page.getByLabel('Search by Invoice Number').fill(invoiceNumber.toLowerCase());
    await expect(past.getByRole('row')).toHaveCount(2);
    await expect(past.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(invoiceNumber);
  });

  test('[ORDERS] the date filter sends created_at[gte] and stays in the address', async ({ page }) => {
    await openYourOrders(page);
    const before = await countOf(tab(page, 'Past'));

    const filtered = page.waitForRequest(
      (req) => req.url().includes(listOrders.path) && req.url().includes('created_at%5Bgte%5D'),
    );
    await page.getByLabel('Order date').selectOption({ label: 'Last Week' });
    await filtered;
    await expect(page).toHaveURL(/since=lastWeek/);
    await expect.poll(() => countOf(tab(page, 'Past'))).toBeLessThanOrEqual(before);

    await page.getByLabel('Order date').selectOption({ label: 'Custom date' });
    await page.getByLabel('Orders since').fill('2020-01-01');
    await expect(page).toHaveURL(/since=2020-01-01/);
    await expect.poll(() => countOf(tab(page, 'Past'))).toBe(before);
    await page.reload();
    await expect(page.getByLabel('Orders since')).toHaveValue('2020-01-01');
  });

  test('[ORDERS] an order opens with its facts, history and stones, and closes again', async ({ page }) => {
    await openYourOrders(page);
    const pending = page.getByRole('table', { name: 'Pending orders' });
    const orderId = (await pending.getByRole('row').nth(1).getByRole('cell').nth(0).textContent()) ?? '';
    await page.getByRole('link', { name: `View details of order ${orderId}` }).click();

    await expect(page).toHaveURL(/path=pendingInvoices&order=[0-9a-f-]{36}/);
    const detail = page.getByRole('region', { name: `Order ${orderId}` });
    await expect(detail).toBeVisible();
    for (const term of ['Date & Time', 'Status', 'Order ID', 'No. of Stones', 'Payable Amount', 'Comments']) {
      await expect(detail.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    }
    await expect(detail.getByRole('definition').nth(0)).toHaveText(ORDER_DATE);
    await expect(detail.getByText('Order confirmed')).toBeVisible();
    const stones = detail.getByRole('table', { name: `Stones of order ${orderId}` });
    await expect(stones.getByRole('row').nth(1)).toBeVisible();

    // The order is linkable: a reload opens it again.
    await page.reload();
    await expect(page.getByRole('region', { name: `Order ${orderId}` })).toBeVisible();

    // Download Excel exports the order's stones.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const sheet = await downloading;
    expect(sheet.suggestedFilename()).toBe(`order_${orderId}.xlsx`);
    expect((await fs.readFile((await sheet.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('button', { name: 'Back to orders' }).click();
    await expect(page).toHaveURL(/\/v2\/my-orders\?path=pendingInvoices$/);
    await expect(page.getByRole('table', { name: 'Pending orders' })).toBeVisible();
  });

  test('[ORDERS] a past order shows the paid amount and downloads its invoice as a PDF', async ({ page }) => {
    await openYourOrders(page);
    await tab(page, 'Past').click();
    const past = page.getByRole('table', { name: 'Past orders' });
    const row = past.getByRole('row').nth(1);
    const orderId = (await row.getByRole('cell').nth(0).textContent()) ?? '';
    const invoiceNumber = (await row.getByRole('cell').nth(1).textContent()) ?? '';
    await row.getByRole('link', { name: `View details of order ${orderId}` }).click();

    const detail = page.getByRole('region', { name: `Order ${orderId}` });
    await expect(detail.getByRole('term').filter({ hasText: /^Paid Amount$/ })).toBeVisible();
    await expect(detail.getByRole('term').filter({ hasText: /^Payable Amount$/ })).toHaveCount(0);
    await expect(detail.getByRole('term').filter({ hasText: /^Status$/ })).toHaveCount(0);
    await expect(detail.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(detail.getByText(/^Tracking number: \S+/)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await detail.getByRole('button', { name: 'Download Invoice' }).click();
    const invoice = await downloading;
    expect(invoice.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const file = await fs.readFile((await invoice.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  test('[ORDERS] memo orders show below the tabs with their due dates and stones', async ({ page }) => {
    await openYourOrders(page);
    const memos = page.getByRole('region', { name: 'Memo orders' });
    await expect(memos).toBeVisible();
    const memo = memos.getByRole('article').first();
    await expect(memo).toHaveAccessibleName(/^Memo MEMO-\d{6}$/);
    for (const term of ['Memo No.', 'Issued', 'Due', 'Status', 'Stones']) {
      await expect(
        memo.getByRole('term').filter({ hasText: new RegExp(`^${term.replace('.', '\\.')}$`) }),
      ).toBeVisible();
    }
    const stones = memo.getByRole('table', { name: /^Stones on memo MEMO-\d{6}$/ });
    await expect(stones.getByRole('row').nth(1).getByRole('cell').last()).toHaveText(
      /^(On memo|Returned|Bought)$/,
    );
  });

  test('[ORDERS] the dashboard shows pending and in-transit orders and leads to Your orders', async ({
    page,
  }) => {
    const widget = page.getByRole('region', { name: 'Orders', exact: true });
    const tabs = widget.getByRole('tablist', { name: 'Orders', exact: true });
    const pendingTab = tabs.getByRole('tab', { name: /^Pending \d+$/ });
    const inTransitTab = tabs.getByRole('tab', { name: /^In-transit \d+$/ });
    await expect(pendingTab).toHaveAttribute('aria-selected', 'true');
    expect(await countOf(pendingTab)).toBeGreaterThan(0);
    expect(await countOf(inTransitTab)).toBeGreaterThan(0);

    const rows = widget.getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(3);

    await inTransitTab.click();
    await expect(rows.first()).toContainText(/LD-INV-\d{6}/);
    await widget.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL(/\/v2\/my-orders\?path=activeInvoices$/);
    await expect(tab(page, 'In-Transit')).toHaveAttribute('aria-selected', 'true');

    // A row opens that order.
    await page.goBack();
    await page
      .getByRole('region', { name: 'Orders', exact: true })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/v2\/my-orders\?path=pendingInvoices&order=/);
    await expect(page.getByRole('region', { name: /^Order \d{6}$/ })).toBeVisible();
  });
});
