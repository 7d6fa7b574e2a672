import { getMe } from '@loupe/contract/customers';
import { expect, test } from '../../fixtures/own-data';
import { logIn, sessionToken } from '../../fixtures/portal';

const SESSION_EXPIRED = 'Session expired! You have been logged out of all devices. Please log in again.';

test.describe('[AUTH] logout', () => {
  test('[AUTH] logout this device from the profile menu returns to login, the portal stays closed, the next login starts on the dashboard', async ({
    page,
  }) => {
    await logIn(page, 'buyer@loupe.test');
    await page.goto('/v2/my-account');
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Logout this device' }).click();
    await expect(page).toHaveURL(/\/v2\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/v2\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/v2\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    // The next login starts on the dashboard, not on the page the customer logged out from.
    await logIn(page, 'buyer@loupe.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })).toBeVisible();
  });

  test('[AUTH] logout all devices shows the session-expired dialog on the other device; an old token goes straight to login', async ({
    browser,
    baseURL,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    const first = await browser.newContext({ baseURL });
    const second = await browser.newContext({ baseURL });
    const third = await browser.newContext({ baseURL });
    try {
      const pageA = await first.newPage();
      const pageB = await second.newPage();
      await logIn(pageA, customer.email, customer.password);
      await logIn(pageB, customer.email, customer.password);
      await expect(pageB.getByRole('heading', { level: 1, name: 'Welcome, Nora Test' })).toBeVisible();
      const tokenA = await sessionToken(pageA);
      expect(tokenA).toBeTruthy();

      await pageA.getByRole('button', { name: 'Profile' }).click();
      await pageA.getByRole('button', { name: 'Logout all devices' }).click();
      // It asks first: every other device is logged out too.
      await pageA
        .getByRole('dialog', { name: 'Log out of all devices?' })
        .getByRole('button', { name: 'Logout all devices' })
        .click();
      await expect(pageA).toHaveURL(/\/v2\/login$/);
      await expect(pageA.getByRole('dialog')).toHaveCount(0);

      // The other device finds out on its next call to the server.
      await pageB.reload();
      const dialog = pageB.getByRole('dialog', { name: SESSION_EXPIRED });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading')).toHaveText(SESSION_EXPIRED);
      await dialog.getByRole('button', { name: 'Okay' }).click();
      await expect(pageB).toHaveURL(/\/v2\/login$/);
      await expect(pageB.getByRole('dialog')).toHaveCount(0);
      await expect(pageB.getByRole('button', { name: 'Login' })).toBeVisible();

      // The logging-out device's own token now answers 419: straight to login, no dialog.
      const pageC = await third.newPage();
      await pageC.goto('/v2/login');
      await pageC.evaluate((token) => localStorage.setItem('loupe.token', token), tokenA!);
      const me = pageC.waitForResponse((res) => res.url().endsWith(getMe.path));
      await pageC.goto('/v2/my-account');
      expect((await me).status()).toBe(419);
      await expect(pageC).toHaveURL(/\/v2\/login$/);
      await expect(pageC.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(pageC.getByRole('dialog')).toHaveCount(0);
      expect(await sessionToken(pageC)).toBeNull();
    } finally {
      await Promise.all([first.close(), second.close(), third.close()]);
    }
  });
});
