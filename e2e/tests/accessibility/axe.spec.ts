import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from '../../fixtures/portal';

/**
 * WCAG 2.2 AA over every screen (issue 19): axe finds no serious or critical violation, logged
 * out and logged in. A screen's name and a few words of each violation make the failure readable.
 */
async function seriousViolations(page: Page) {
  // Wait for the screen to settle: its heading shown, its data loaded (no busy region left).
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(500);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      first: v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`.slice(0, 200)),
    }));
  return serious;
}

async function expectAccessible(page: Page, screen: string) {
  const serious = await seriousViolations(page);
  expect(serious, `${screen}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

const publicScreens = ['/v2/login', '/v2/register', '/v2/forgot-password', '/privacy-policy'];

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const screen of publicScreens) {
    test(`has no serious or critical violation on ${screen}`, async ({ page }) => {
      await page.goto(screen);
      await expectAccessible(page, screen);
    });
  }

  test("has no serious or critical violation on a stone's page and a stone id search", async ({ page }) => {
    await logIn(page, 'buyer@loupe.test');
    await page.goto('/v2/new-arrivals');
    await expectAccessible(page, 'new arrivals with stones');
  });
});

const customerScreens = [
  '/',
  '/v2/new-arrivals',
  '/v2/bid-2-buy',
  '/v2/search',
  '/v2/search?active-tab=saved-search',
  '/v2/matching-pair',
  '/v2/my-cart?path=active',
  '/v2/my-cart?path=hold',
  '/v2/my-cart?path=memo',
  '/v2/my-cart?path=sold',
  '/v2/my-orders?path=pendingInvoices',
  '/v2/my-orders?path=activeInvoices',
  '/v2/my-orders?path=invoicesHistory',
  '/v2/my-appointments',
  '/v2/faqs',
  '/v2/kyc',
  '/v2/my-account?path=profile',
  '/v2/my-account?path=change-password',
  '/v2/my-account?path=notification-preferences',
  '/v2/setting',
  '/v2/trade-show',
  '/v2/event',
];

test.describe('accessibility of the logged-in screens (axe, WCAG 2.2 AA)', () => {
  for (const screen of customerScreens) {
    test(`has no serious or critical violation on ${screen} for a buyer`, async ({ page }) => {
      test.setTimeout(120_000);
      await logIn(page, 'buyer@loupe.test');
      await page.goto(screen);
      await expectAccessible(page, screen);
    });
  }
});
