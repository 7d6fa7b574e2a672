import { expect, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';

/** Spec §2: a success toast is green, a failure red (and each is readable: white on the colour). */
test.describe('[SHELL] toasts', () => {
  test('a success toast is green, white on the colour (the failure toast shares the rule, in red)', async ({
    page,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    await page.goto('/v2/my-account?path=profile');
    await page.getByLabel('City').fill('Antwerp');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const success = page.locator('[data-sonner-toast]', { hasText: 'Your profile is saved' });
    await expect(success).toBeVisible();
    await expect(success).toHaveCSS('background-color', 'rgb(30, 125, 69)');
    await expect(success).toHaveCSS('color', 'rgb(255, 255, 255)');
  });
});
