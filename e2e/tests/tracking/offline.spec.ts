import { expect, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';

// This test is about the service worker, which the rest of the suite keeps out of the way.
test.use({ serviceWorkers: 'allow' });

test.describe('[SHELL] reload while offline', () => {
  test('[SHELL] a reload without a connection shows the offline message, and the page comes back online', async ({
    page,
    context,
    own,
  }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await page.goto('/v2/faqs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The worker controls the page and holds the shell and every file this page loaded.
    await page.waitForFunction(
      async () => {
        if (!navigator.serviceWorker.controller) return false;
        const files = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => n.startsWith(`${location.origin}/assets/`) && !n.includes('/assets/360/'));
        const cache = await caches.open('loupe-assets-v1');
        for (const file of files) if (!(await cache.match(file))) return false;
        return Boolean(await caches.match('/'));
      },
      undefined,
      { polling: 250, timeout: 15_000 },
    );

    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText('No internet connection. Please check your network and try again.').first(),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'No internet connection' })).toBeVisible();
    // Still the buyer's page and session: not the browser's error page, not the login page.
    await expect(page).toHaveURL(/\/v2\/faqs$/);

    await context.setOffline(false);
    await expect(page.getByRole('dialog', { name: 'No internet connection' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/faqs$/);
  });

  test('[SHELL] an API answer is never served from the worker', async ({ page, context, own }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, {
      timeout: 15_000,
    });
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.filter((path) => !path.startsWith('/assets/') && path !== '/')).toEqual([]);
    await context.setOffline(true);
    const status = await page.evaluate(() =>
      fetch('/health').then(
        (r) => r.status,
        () => 'network error',
      ),
    );
    expect(status).toBe('network error');
  });
});
