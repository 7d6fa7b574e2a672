import { expect, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('[ACCOUNT] my account', () => {
  test('[ACCOUNT] changing the password works, and the new password logs in', async ({ page, own }) => {
    const customer = await own.customer({ kyc: 'none' });
    const newPassword = 'Changed-pass-2027';
    await logIn(page, customer.email, customer.password);
    await page.goto('/v2/my-account');
    await page.getByRole('tab', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/path=change-password/);

    await page.getByLabel('Current password').fill(customer.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Your password is changed. Your other devices are logged out.'),
    ).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    // This device stays logged in after the change.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Logout this device' }).click();
    await expect(page).toHaveURL(/\/v2\/login$/);
    await logIn(page, customer.email, newPassword);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nora Test' })).toBeVisible();
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
