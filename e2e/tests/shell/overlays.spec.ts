import { expect, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';

const MOBILE_ALERT = 'Loupe works best on a larger screen';

test.describe('[SHELL] connectivity', () => {
  test('[SHELL] going offline shows the no-internet overlay with its hints; back online hides it', async ({
    page,
    context,
    own,
  }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    // The dashboard is fully loaded before the connection drops.
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${buyer.first_name} ${buyer.last_name}` }),
    ).toBeVisible();
    const overlay = page.getByRole('dialog', { name: 'No internet connection' });
    await expect(overlay).toHaveCount(0);

    await context.setOffline(true);
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole('listitem')).toHaveText([
      'Check your modem and router',
      'Reconnect to Wi-Fi',
    ]);

    await context.setOffline(false);
    await expect(overlay).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${buyer.first_name} ${buyer.last_name}` }),
    ).toBeVisible();
  });
});

test.describe('[SHELL] mobile alert', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('[SHELL] a small screen gets the mobile alert; the dev-access URL flag hides it, also after a reload', async ({
    page,
  }) => {
    await page.goto('/v2/login');
    const alert = page.getByRole('dialog', { name: MOBILE_ALERT });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    // It cannot be dismissed with Escape.
    await page.keyboard.press('Escape');
    await expect(alert).toBeVisible();

    await page.goto('/v2/login?dev-access=true');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(alert).toHaveCount(0);

    await page.goto('/v2/login');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('[SHELL] the key combination Ctrl+Shift+D hides the mobile alert', async ({ page }) => {
    await page.goto('/v2/login');
    const alert = page.getByRole('dialog', { name: MOBILE_ALERT });
    await expect(alert).toBeVisible();
    await page.keyboard.press('Control+Shift+D');
    await expect(alert).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill('buyer@loupe.test');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('buyer@loupe.test');
  });
});
