import { getMe } from '@loupe/contract/customers';
import { expect, test } from '../../fixtures/own-data';
import { callApi, logIn } from '../../fixtures/portal';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('[ACCOUNT] my account', () => {
  test('[ACCOUNT] changing the password logs out everywhere, this device too, and the new password logs in', async ({
    page,
    request,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    const newPassword = 'Changed-pass-2027';
    await logIn(page, customer.email, customer.password);
    await page.goto('/v2/my-account');
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/path=change-password/);
    const browserToken = await page.evaluate(() => localStorage.getItem('loupe.token'));
    expect(browserToken).toBeTruthy();

    await page.getByLabel('Current password').fill(customer.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    // Logged out here (domain-facts §9): the login page says why.
    await expect(page).toHaveURL(/\/v2\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toHaveText(
      'Your password has been changed. Log in with your new password.',
    );
    // The server ended this browser's session (419) and the customer's other one (410).
    expect((await callApi(request, getMe, { token: browserToken })).status).toBe(419);
    expect((await callApi(request, getMe, { token: customer.token })).status).toBe(410);
    // A reload keeps the customer on the login page, with the reason.
    await page.reload();
    await expect(
      page.getByText('Your password has been changed. Log in with your new password.'),
    ).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/login$/);

    await logIn(page, customer.email, newPassword);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nora Test' })).toBeVisible();
    // The notice has served: the next visit of the login page is a plain one.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Logout this device' }).click();
    await expect(page).toHaveURL(/\/v2\/login$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByText('Your password has been changed.')).toHaveCount(0);
  });

  test('[ACCOUNT] an uploaded profile photo replaces the initials in the profile menu', async ({
    page,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    const profileButton = page.getByRole('banner').getByRole('button', { name: 'Profile' });
    // The initials are drawn by CSS from the avatar's data-initials.
    await expect(profileButton.locator('.avatar')).toHaveAttribute('data-initials', 'NT');

    await page.goto('/v2/my-account');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });

    await expect(page.getByText('Your profile photo is updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
    const photo = profileButton.locator('img');
    await expect(photo).toBeVisible();
    await expect(profileButton.locator('.avatar')).not.toHaveAttribute('data-initials', 'NT');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(32);

    // The photo is kept: it is still there after a reload.
    await page.reload();
    await expect(profileButton.locator('img')).toBeVisible();
  });
});
