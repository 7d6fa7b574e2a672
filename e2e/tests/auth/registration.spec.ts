import type { Page } from '@playwright/test';
import { expect, latestCode, logIn, registerCustomer, test } from '../../fixtures/portal';

let sequence = 0;

/** A Belgian mobile number no other test uses (registerCustomer's numbers start with 47). */
function uniquePhone(): string {
  sequence += 1;
  return `49${`${Date.now()}${sequence}`.slice(-7)}`;
}

async function fillRegistration(page: Page, values: { email: string; phone: string }) {
  await page.getByLabel('First Name').fill('Lena');
  await page.getByLabel('Last Name').fill('Verbeke');
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Company Name').fill('Verbeke Diamonds BV');
  await page.getByLabel('Country code').selectOption({ label: 'Belgium (+32)' });
  await page.getByLabel('Mobile').fill(values.phone);
  await page.getByLabel('Password', { exact: true }).fill('Sparkle-2026-ok');
  await page.getByLabel('Re-enter Password').fill('Sparkle-2026-ok');
}

test.describe('[AUTH] registration and password reset', () => {
  test('[AUTH] registration through the form with the SMS code ends on the confirmation screen', async ({
    page,
  }) => {
    const phone = uniquePhone();
    await page.goto('/v2/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await fillRegistration(page, { email: `lena.${phone}@example.test`, phone });
    const referral = page.getByLabel('Referred by Salesperson');
    await referral.fill('Sofie Janssens');
    await referral.blur();
    await expect(referral).toHaveValue('Sofie Janssens (102)');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Verify your mobile number' })).toBeVisible();
    await expect(page.getByText(`+32 ${phone}`)).toBeVisible();
    const code = await latestCode(page.request, `+32${phone}`);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page.getByRole('heading', { name: 'Guest account created' })).toBeVisible();
    await expect(page.getByText('Welcome to Loupe, Lena.')).toBeVisible();
    // A guest sees the stock without prices: the screen promises no more.
    await expect(page.getByText('As a guest you can browse our stock right away.')).toBeVisible();
    await expect(page.getByText('Prices and buying open once your KYC is approved')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Complete KYC' })).toBeVisible();
    await page.getByRole('link', { name: 'Explore as a guest' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lena Verbeke' })).toBeVisible();
  });

  test('[AUTH] registering an email that already has an account shows "duplicate email"', async ({
    page,
  }) => {
    await page.goto('/v2/register');
    await fillRegistration(page, { email: 'buyer@loupe.test', phone: uniquePhone() });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('duplicate email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/v2\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  });

  test('[AUTH] forgot password by email with the emailed code, then login with the new password', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request);
    const newPassword = 'Fresh-start-2027';
    await page.goto('/v2/login');
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL(/\/v2\/forgot-password$/);
    await expect(page.getByRole('button', { name: 'Email' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByRole('button', { name: 'Send code' }).click();

    await expect(page.getByText(`We sent a 6-digit code to ${customer.email}.`)).toBeVisible();
    const code = await latestCode(page.request, customer.email, 'Your Loupe password reset code');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Your password has been reset. Log in with your new password.',
    );
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/v2\/login$/);

    // The old password no longer opens the account; the new one does.
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email, phone or password is not correct.');
    await logIn(page, customer.email, newPassword);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nora Test' })).toBeVisible();
  });
});
