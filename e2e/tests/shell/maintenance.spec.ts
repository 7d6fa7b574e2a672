import { endMaintenance, startMaintenance } from '@loupe/contract/portal';
import { expect, logIn, operator, SIDE_BAR_ENTRIES, test } from '../../fixtures/portal';

test.describe('[SHELL] maintenance', () => {
  // Maintenance is portal-wide: whatever happens in the test, it ends before the next one.
  test.afterEach(async ({ request }) => {
    await operator(request, endMaintenance);
  });

  test('[SHELL] maintenance disables the side bar and shows the end date and the KAM contact', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, 'buyer@loupe.test');
    const endDate = new Date(Date.now() + 2 * 86_400_000);
    endDate.setUTCSeconds(0, 0);
    await operator(request, startMaintenance, { body: { end_date: endDate.toISOString() } });

    await page.reload();
    const view = page.getByRole('region', { name: 'Scheduled maintenance' });
    await expect(view).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveCount(SIDE_BAR_ENTRIES.length + 1);
    for (const name of SIDE_BAR_ENTRIES) {
      const entry = nav.getByRole('link', { name, exact: true });
      await expect(entry).toHaveAttribute('aria-disabled', 'true');
      await expect(entry).toHaveAttribute('title', 'Unavailable during maintenance');
    }
    await expect(page.getByRole('textbox', { name: 'Search by stone id or certificate number' })).toHaveCount(
      0,
    );

    // The end date as the customer's browser writes it.
    const shownEnd = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en-GB', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(iso)),
      endDate.toISOString(),
    );
    await expect(view.getByText(`This page is under maintenance until ${shownEnd}.`)).toBeVisible();
    await expect(view.getByText('Ananya Iyer')).toBeVisible();
    await expect(view.getByRole('link', { name: 'ananya.iyer@loupe.test' })).toHaveAttribute(
      'href',
      'mailto:ananya.iyer@loupe.test',
    );

    await view.getByRole('button', { name: 'Copy email' }).click();
    await expect(view.getByText('Copied Successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ananya.iyer@loupe.test');

    // Once maintenance ends, the portal is back on the next load.
    await operator(request, endMaintenance);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('[SHELL] an open tab switches to the maintenance view and back as the sales team turns it on and off, without a reload', async ({
    page,
    request,
  }) => {
    await logIn(page, 'buyer@loupe.test');
    await page.goto('/v2/my-orders?path=pendingInvoices');
    const orders = page.getByRole('heading', { level: 1, name: 'Your orders' });
    await expect(orders).toBeVisible();
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { loupeOpenTab: true }));
    const view = page.getByRole('region', { name: 'Scheduled maintenance' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const cart = nav.getByRole('link', { name: 'My Cart', exact: true });

    const endDate = new Date(Date.now() + 3_600_000);
    endDate.setUTCSeconds(0, 0);
    try {
      await operator(request, startMaintenance, { body: { end_date: endDate.toISOString() } });
      await expect(view).toBeVisible();
      await expect(orders).toHaveCount(0);
      await expect(cart).toHaveAttribute('aria-disabled', 'true');
      // A disabled entry leads nowhere (force: Playwright waits for an enabled one otherwise).
      await cart.click({ force: true });
      await expect(page).toHaveURL(/\/v2\/my-orders\?path=pendingInvoices$/);
      await expect(view).toBeVisible();

      await operator(request, endMaintenance);
      await expect(view).toHaveCount(0);
      await expect(orders).toBeVisible();
      await expect(cart).not.toHaveAttribute('aria-disabled', 'true');
      expect(await page.evaluate(() => (window as { loupeOpenTab?: boolean }).loupeOpenTab)).toBe(true);
      await cart.click();
      await expect(page).toHaveURL(/\/v2\/my-cart/);
    } finally {
      // Other specs read the demo accounts: maintenance is off again whatever happened above.
      await operator(request, endMaintenance);
    }
  });
});
