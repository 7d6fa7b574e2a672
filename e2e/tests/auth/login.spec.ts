import { DEMO_PASSWORD, expect, logIn, test } from '../../fixtures/portal';

test.describe('[AUTH] login', () => {
  test('[AUTH] the demo buyer logs in with email and lands on the dashboard with the greeting', async ({
    page,
  }) => {
    await logIn(page, 'buyer@loupe.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test("[AUTH] a wrong password shows the server's message and stays on the login page", async ({ page }) => {
    await page.goto('/v2/login');
    await page.getByLabel('Email', { exact: true }).fill('buyer@loupe.test');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email, phone or password is not correct.');
    await expect(page).toHaveURL(/\/v2\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in to Loupe' })).toBeVisible();
  });

  test('[AUTH] a visitor opening my account is sent to the login page and brought back after logging in', async ({
    page,
  }) => {
    await page.goto('/v2/my-account');
    await expect(page).toHaveURL(/\/v2\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill('buyer@loupe.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/v2\/my-account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  });

  test('[AUTH] the demo buyer logs in with the mobile number', async ({ page }) => {
    await page.goto('/v2/login');
    await page.getByRole('button', { name: 'Mobile' }).click();
    await expect(page.getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
    await page.getByLabel('Country code').selectOption({ label: 'India (+91)' });
    await page.getByLabel('Mobile number').fill('9820012345');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$|\/v2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Riya Shah' })).toBeVisible();
  });
});
