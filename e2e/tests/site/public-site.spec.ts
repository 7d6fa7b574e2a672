import { devOutbox } from '@loupe/contract/portal';
import { apiRequest, expect, test } from '../../fixtures/portal';

// The public site is complete without JavaScript (pins "Trade show, public site, tracking").
test.use({ javaScriptEnabled: false });

const SALES_DESK = process.env.SALES_DESK_EMAIL ?? 'sales@loupe.test';

test('[SITE] with JavaScript off, a buyer reads /v3 and reaches sales through the contact form', async ({
  page,
  request,
}) => {
  await page.goto('/v3');
  await expect(page).toHaveTitle(/Loupe Diamonds/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Certified natural diamonds, ready for your next order',
  );
  await expect(page.getByRole('heading', { name: 'What we supply' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/v3\/contact-us$/);
  const company = `Playwright Jewellers ${Date.now()}`;
  await page.getByLabel('Your name').fill('Ana Lima');
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Business email').fill('ana@lima.example');
  await page.getByLabel('What is it about?').selectOption('account');
  await page.getByLabel('Your message').fill('We would like to open an account to buy GIA-graded ovals.');
  await page.getByRole('button', { name: 'Send to our sales team' }).click();

  await expect(page).toHaveURL(/\/v3\/contact-us\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('your message has reached our sales team');

  const outbox = await apiRequest(request, devOutbox, { query: { to: SALES_DESK } });
  const { messages } = (await outbox.json()) as { messages: { subject: string; body: string }[] };
  expect(messages[0]?.subject).toBe(`Website enquiry from ${company} (account)`);
  expect(messages[0]?.body).toContain('GIA-graded ovals');
});

test('[SITE] an unknown page under the site is the site’s own “Page not found”, with the way back', async ({
  page,
}) => {
  const answer = await page.goto('/v3/no-such-page');
  expect(answer?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found · Loupe Diamonds');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('main').getByRole('link', { name: 'Loupe Diamonds home' }).click();
  await expect(page).toHaveURL(/\/v3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Certified natural diamonds, ready for your next order',
  );
});
