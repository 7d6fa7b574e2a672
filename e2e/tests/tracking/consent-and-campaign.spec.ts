import { register } from '@loupe/contract/customers';
import { logTimeSpent } from '@loupe/contract/tracking';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';

// A first visit: nothing stored yet, so the banner asks (the suite's default is a returning visitor).
test.use({ storageState: { cookies: [], origins: [] } });

const storedJson = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

const timeReports = (page: Page) => {
  const seen: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(logTimeSpent.path))
      seen.push(request.postDataJSON());
  });
  return seen;
};

/** Stays a while on the dashboard, then opens the FAQs: the dashboard's visit is over. */
async function visitDashboardThenFaqs(page: Page) {
  await page.waitForTimeout(1500);
  await page.getByRole('link', { name: 'FAQs' }).first().click();
  await expect(page).toHaveURL(/\/v2\/faqs/);
}

test.describe('[TRACKING] cookie consent and campaign data', () => {
  test('[TRACKING] a first visit stores everything denied but security, and "Accept all" grants all for good', async ({
    page,
    own,
  }) => {
    const buyer = await own.customer();
    await page.goto('/v2/login');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    expect(await storedJson(page, 'cookie-consent')).toEqual({
      ad_storage: 'denied',
      analytics_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    const granted = (await storedJson(page, 'cookie-consent')) as Record<string, string>;
    expect(Object.values(granted)).toEqual(Array(7).fill('granted'));

    const reports = timeReports(page);
    await logIn(page, buyer.email, buyer.password);
    await page.waitForTimeout(800);
    await expect(banner).toBeHidden();
    await visitDashboardThenFaqs(page);
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    expect(reports[0]).toMatchObject({
      page: expect.stringMatching(/^\/(v2)?$/),
      seconds: expect.any(Number),
    });
  });

  test('[TRACKING] after "Only necessary" the time on pages is not sent', async ({ page, own }) => {
    const buyer = await own.customer();
    await page.goto('/v2/login');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Only necessary' }).click();
    await expect(banner).toBeHidden();
    expect(((await storedJson(page, 'cookie-consent')) as Record<string, string>).analytics_storage).toBe(
      'denied',
    );
    const reports = timeReports(page);
    await logIn(page, buyer.email, buyer.password);
    await visitDashboardThenFaqs(page);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForTimeout(500);
    expect(reports).toEqual([]);
  });

  test('[TRACKING] the utm values of the link reach the registration', async ({ page }) => {
    const before = Date.now();
    await page.goto('/v2/register?utm_source=jck-show&utm_medium=email&utm_campaign=spring-2026');
    await expect
      .poll(() => storedJson(page, 'campaign-tracking'))
      .toMatchObject({ utm_source: 'jck-show', utm_medium: 'email', utm_campaign: 'spring-2026' });
    const stored = (await storedJson(page, 'campaign-tracking')) as { expires_at: number };
    expect(stored.expires_at).toBeGreaterThanOrEqual(before + 3 * 3600_000);
    expect(stored.expires_at).toBeLessThanOrEqual(Date.now() + 3 * 3600_000);

    const phone = `48${String(Date.now()).slice(-7)}`;
    await page.getByLabel('First Name').fill('Marta');
    await page.getByLabel('Last Name').fill('Peeters');
    await page.getByLabel('Email', { exact: true }).fill(`marta.${phone}@example.test`);
    await page.getByLabel('Company Name').fill('Peeters Juweliers');
    await page.getByLabel('Country code').selectOption({ label: 'Belgium (+32)' });
    await page.getByLabel('Mobile').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill('Sparkle-2026-ok');
    await page.getByLabel('Re-enter Password').fill('Sparkle-2026-ok');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(register.path));
    await page.getByRole('button', { name: 'Create account' }).click();
    const request = await sent;
    expect(request.postDataJSON().utm).toEqual({
      utm_source: 'jck-show',
      utm_medium: 'email',
      utm_campaign: 'spring-2026',
    });
    expect((await request.response())?.status()).toBe(201);

    // A load without utm parameters removes the campaign data.
    await page.goto('/v2/login');
    await expect.poll(() => storedJson(page, 'campaign-tracking')).toBeNull();
  });
});
