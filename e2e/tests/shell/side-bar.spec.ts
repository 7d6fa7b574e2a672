import { expect, logIn, SIDE_BAR_ENTRIES, test } from '../../fixtures/portal';

test.describe('[SHELL] side bar', () => {
  test('[SHELL] the approved buyer sees every entry in order, with the trade-show flag and the bid-to-buy dot', async ({
    page,
  }) => {
    await logIn(page, 'buyer@loupe.test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    // The logo comes first, then the entries top to bottom.
    await expect(links).toHaveCount(SIDE_BAR_ENTRIES.length + 1);
    await expect(links.first()).toHaveAccessibleName('Loupe home');
    for (const [index, name] of SIDE_BAR_ENTRIES.entries()) {
      await expect(links.nth(index + 1)).toHaveAccessibleName(name);
    }

    await expect(
      nav.getByRole('link', { name: 'Trade Show' }).getByRole('img', { name: 'Trade show flag' }),
    ).toBeVisible();
    await expect(
      nav.getByRole('link', { name: 'Bid to Buy' }).getByRole('img', { name: 'Bid to buy event running' }),
    ).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Layout' })).toHaveCount(0);

    const appointments = nav.getByRole('link', { name: 'My Appointments' });
    await expect(appointments).not.toHaveAttribute('aria-disabled', 'true');
    await expect(appointments).toBeEnabled();
    await appointments.click();
    await expect(page).toHaveURL(/\/v2\/my-appointments$/);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Loupe home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  test('[SHELL] a customer who has not started KYC has My Appointments disabled', async ({ page }) => {
    await logIn(page, 'new@loupe.test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    const appointments = nav.getByRole('link', { name: 'My Appointments' });
    await expect(appointments).toHaveAttribute('aria-disabled', 'true');
    await expect(appointments).toHaveAttribute('title', 'Complete your KYC to book appointments');
    await expect(nav.getByRole('link', { name: 'Layout' })).toHaveCount(0);

    await expect(appointments).toBeDisabled();
    await expect(appointments).not.toHaveAttribute('href');
    await expect(nav.getByRole('link', { name: 'My Cart' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('[SHELL] a customer whose KYC is under review has My Appointments disabled, and no Trade Show entry once the sales team hid the shows', async ({
    page,
  }) => {
    await logIn(page, 'existing@loupe.test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Trade Show' })).toHaveCount(0);
    const appointments = nav.getByRole('link', { name: 'My Appointments' });
    await expect(appointments).toHaveAttribute('aria-disabled', 'true');
    await expect(appointments).toBeDisabled();
    await expect(nav.getByRole('link', { name: 'Search' })).not.toHaveAttribute('aria-disabled', 'true');
  });
});
