import { expect, type OwnCustomer, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';

const SEARCH_LABEL = 'Search by stone id or certificate number';

test.describe('[SHELL] top bar', () => {
  // A buyer of the test's own, registered from India (Ananya Iyer is the KAM there).
  let buyer: OwnCustomer;
  test.beforeEach(async ({ page, own }) => {
    buyer = await own.customer({
      first_name: 'Riya',
      last_name: 'Shah',
      country_code: '91',
      country_iso2_code: 'IN',
      phone: `97${Date.now().toString().slice(-8)}`,
    });
    await logIn(page, buyer.email, buyer.password);
  });

  test('[SHELL] the KAM popup shows name, post, phone and WhatsApp links', async ({ page }) => {
    const topBar = page.getByRole('banner');
    const kamButton = topBar.getByRole('button', { name: 'Your KAM' });
    await expect(kamButton).toHaveAttribute('aria-expanded', 'false');
    await kamButton.click();
    await expect(kamButton).toHaveAttribute('aria-expanded', 'true');

    await expect(topBar.getByText('Your key account manager')).toBeVisible();
    await expect(topBar.getByText('Ananya Iyer', { exact: true })).toBeVisible();
    await expect(topBar.getByText('Senior Key Account Manager', { exact: true })).toBeVisible();
    await expect(topBar.getByRole('link', { name: '+91 98200 41122' })).toHaveAttribute(
      'href',
      'tel:+919820041122',
    );
    await expect(topBar.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919820041122',
    );

    await page.keyboard.press('Escape');
    await expect(topBar.getByRole('link', { name: 'WhatsApp' })).toHaveCount(0);
  });

  test('[SHELL] the profile menu shows initials, name and email, and My Account opens the account page', async ({
    page,
  }) => {
    const topBar = page.getByRole('banner');
    const profileButton = topBar.getByRole('button', { name: 'Profile' });
    // The initials are drawn by CSS, so they are not text the button's name must contain.
    await expect(profileButton.locator('.avatar')).toHaveAttribute('data-initials', 'RS');
    await profileButton.click();
    await expect(topBar.getByText('Riya Shah', { exact: true })).toBeVisible();
    await expect(topBar.getByText(buyer.email, { exact: true })).toBeVisible();
    await expect(topBar.getByRole('button', { name: 'Logout this device' })).toBeVisible();
    await expect(topBar.getByRole('button', { name: 'Logout all devices' })).toBeVisible();

    await topBar.getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/v2\/my-account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    // The menu closes once an item is chosen.
    await expect(topBar.getByRole('link', { name: 'My Account' })).toHaveCount(0);
  });

  test('[SHELL] the global search box is hidden at the top of the dashboard and 430 px wide elsewhere, with its scopes', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: SEARCH_LABEL })).toHaveCount(0);

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('link', { name: 'My Account' }).click();
    const search = page.getByRole('search');
    const box = search.getByRole('textbox', { name: SEARCH_LABEL });
    await expect(box).toBeVisible();
    expect((await box.boundingBox())?.width).toBe(430);

    const stock = search.getByRole('button', { name: 'Stock Search' });
    const newArrivals = search.getByRole('button', { name: 'New Arrivals' });
    const bidToBuy = search.getByRole('button', { name: 'Bid to Buy' });
    await expect(stock).toBeEnabled();
    await expect(stock).toHaveAttribute('aria-pressed', 'true');
    // The demo stock always has stones certified in the last 24 hours and a running event.
    await expect(newArrivals).toBeEnabled();
    await newArrivals.click();
    await expect(newArrivals).toHaveAttribute('aria-pressed', 'true');
    await expect(bidToBuy).toBeEnabled();
    await bidToBuy.click();
    await expect(bidToBuy).toHaveAttribute('aria-pressed', 'true');
    await expect(stock).toHaveAttribute('aria-pressed', 'false');
  });

  test('[SHELL] on the dashboard the search box is 650 px when it appears and shrinks by the scroll offset to 430 px, beside the actions', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })).toBeVisible();
    const box = page.getByRole('search').getByRole('textbox', { name: SEARCH_LABEL });
    const widthAt = async (scrollY: number) => {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      await expect(box).toBeVisible();
      // The width follows the scroll with a short transition.
      await expect
        .poll(async () => Math.round((await box.boundingBox())?.width ?? 0))
        .toBe(Math.max(430, 650 - (scrollY - 75)));
    };
    await widthAt(75);
    await widthAt(175);
    await widthAt(300);
    await widthAt(380);
    // Every scope and action stays whole inside the top bar, the box at its full width.
    await page.evaluate(() => window.scrollTo(0, 75));
    await expect.poll(async () => Math.round((await box.boundingBox())?.width ?? 0)).toBe(650);
    const topBar = (await page.getByRole('banner').boundingBox())!;
    for (const name of ['Bid to Buy', 'Your KAM', 'Profile']) {
      const b = (await page.getByRole('banner').getByRole('button', { name }).boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(topBar.x + topBar.width);
    }
    const scopes = (await page
      .getByRole('search')
      .getByRole('button', { name: 'Bid to Buy' })
      .boundingBox())!;
    const help = (await page.getByRole('banner').getByRole('button', { name: 'Help' }).boundingBox())!;
    expect(scopes.x + scopes.width).toBeLessThanOrEqual(help.x);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(box).toHaveCount(0);
  });

  test('[SHELL] right-click is blocked on the page but not in form fields', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })).toBeVisible();
    const blocked = await page
      .getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })
      .evaluate((heading) => {
        const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
        heading.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(blocked).toBe(true);

    await page.goto('/v2/my-account');
    const inField = await page.getByLabel('City').evaluate((field) => {
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      field.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(inField).toBe(false);
  });
});
