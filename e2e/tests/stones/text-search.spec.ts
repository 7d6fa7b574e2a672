import { getMe } from '@loupe/contract/customers';
import { devOutbox } from '@loupe/contract/portal';
import { textSearch } from '@loupe/contract/text-search';
import { expect, type OwnCustomer, test } from '../../fixtures/own-data';
import { apiRequest, logIn } from '../../fixtures/portal';

const SEARCH_LABEL = 'Search by stone id or certificate number';
const NO_RESULTS = "We couldn't find any results for this search";

test.describe('[STONES] stone id search', () => {
  let buyer: OwnCustomer;
  test.beforeEach(async ({ page, own }) => {
    buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
  });

  test('[STONES] a pasted column of ids from the dashboard shows the stones found and the ids not found, also after a reload', async ({
    page,
    own,
  }) => {
    const [first, second] = await own.stones([{}, { shape: 'Pear' }]);

    const field = page.getByLabel('Stone ids or certificate numbers');
    // A column pasted from a spreadsheet: one id per line, one of them twice, one unknown.
    await field.fill(`${first!.lot_id}\n${second!.certificate}\n${first!.lot_id}\nNOPE-000001`);
    await expect(page.getByText('3 stone ids (1 repeated, searched once)')).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page).toHaveURL(/\/v2\/stock-search\?path=dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stone ID Search' })).toBeVisible();
    await expect(page.getByText('2 of 3 ids found')).toBeVisible();
    await expect(page.getByRole('link', { name: first!.lot_id, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: second!.lot_id, exact: true })).toBeVisible();
    const notFound = page.getByRole('list', { name: 'Stone ids not found' });
    await expect(notFound.getByRole('listitem')).toHaveText(['NOPE-000001']);
    await expect(page.getByRole('heading', { name: 'Not found 1' })).toBeVisible();

    // The result is kept for this page: a reload shows it again without a new search.
    let searchedAgain = false;
    page.on('request', (req) => {
      if (req.url().includes(textSearch.path)) searchedAgain = true;
    });
    await page.reload();
    await expect(page.getByRole('link', { name: first!.lot_id, exact: true })).toBeVisible();
    await expect(notFound.getByRole('listitem')).toHaveText(['NOPE-000001']);
    expect(searchedAgain).toBe(false);

    // Leaving the results page clears the search.
    await page.getByRole('link', { name: 'Bookmark' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Searches' })).toBeVisible();
    await page.goBack();
    await expect(page.getByText('No stone id search yet')).toBeVisible();
  });

  test('[STONES] ids that match nothing can be pruned and sent to the KAM with Add Demand', async ({
    page,
    request,
  }) => {
    const me = await apiRequest(request, getMe, { token: buyer.token });
    const kamEmail = ((await me.json()) as { customer: { kam: { email: string } } }).customer.kam.email;
    const kamOutbox = () => apiRequest(request, devOutbox, { query: { to: kamEmail } });
    const unknown = `ZZ${Date.now().toString(36).toUpperCase()}`;
    const field = page.getByLabel('Stone ids or certificate numbers');
    await field.fill(`${unknown}-1, ${unknown}-2 TYPO-9`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page.getByRole('status').filter({ hasText: NO_RESULTS })).toBeVisible();
    const chips = page.getByRole('list', { name: 'Stone ids not found' }).getByRole('listitem');
    await expect(chips).toHaveCount(3);
    await page.getByRole('button', { name: 'Remove TYPO-9' }).click();
    await expect(chips).toHaveText([`${unknown}-1`, `${unknown}-2`]);
    await expect(page.getByRole('heading', { name: 'Not found 2' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Demand' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank you for your request' });
    await expect(thanks).toContainText('these 2 stones');
    await thanks.getByRole('button', { name: 'Okay' }).click();
    await expect(thanks).toHaveCount(0);

    // The KAM is told which ids the buyer is after, and only those left after pruning.
    await expect
      .poll(async () => {
        const res = await kamOutbox();
        const { messages } = (await res.json()) as { messages: { body: string }[] };
        return messages.find((m) => m.body.includes(`${unknown}-1`))?.body ?? '';
      })
      .toContain(`${unknown}-2`);
    const res = await kamOutbox();
    const { messages } = (await res.json()) as { messages: { body: string }[] };
    expect(messages.find((m) => m.body.includes(`${unknown}-1`))?.body).not.toContain('TYPO-9');
  });

  test('[STONES] the top bar searches by certificate number from any page and names that page', async ({
    page,
    own,
  }) => {
    const [stone] = await own.stones([{ lab: 'GIA' }]);

    await page.goto('/v2/my-account');
    const box = page.getByRole('textbox', { name: SEARCH_LABEL });
    await box.fill(stone!.certificate);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/v2\/stock-search\?path=my_account$/);
    await expect(page.getByText('Stock Search · started from My Account')).toBeVisible();
    await expect(page.getByRole('link', { name: stone!.lot_id, exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Stone ids not found' })).toHaveCount(0);
  });

  test('[STONES] the New Arrivals scope finds only stones certified in the last 24 hours', async ({
    page,
    own,
  }) => {
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const [fresh, older] = await own.stones([{}, { reportDate: weekAgo }]);

    await page.getByRole('radio', { name: 'New Arrivals' }).check();
    await page.getByLabel('Stone ids or certificate numbers').fill(`${fresh!.lot_id}, ${older!.lot_id}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page.getByText('New Arrivals · started from Dashboard')).toBeVisible();
    const link = page.getByRole('link', { name: fresh!.lot_id, exact: true });
    await expect(link).toHaveAttribute('href', new RegExp(`path=new-arrivals&stoneid=${fresh!.lot_id}-`));
    await expect(page.getByRole('list', { name: 'Stone ids not found' }).getByRole('listitem')).toHaveText([
      older!.lot_id,
    ]);
  });

  test('[STONES] a search the server refuses says nothing was found, and the toast leaves after 4 s', async ({
    page,
  }) => {
    await page.goto('/v2/my-account');
    // The browser itself notes when the toast comes and goes, so a busy test machine cannot blur it.
    await page.evaluate((text) => {
      const times: { shown?: number; hidden?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      const present = () =>
        [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(text));
      // The last time the text left the page counts: sonner may re-mount a toast while it settles.
      new MutationObserver(() => {
        const now = present();
        if (now && times.shown === undefined) times.shown = performance.now();
        if (now) times.hidden = undefined;
        else if (times.shown !== undefined && times.hidden === undefined) times.hidden = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, NO_RESULTS);

    const box = page.getByRole('textbox', { name: SEARCH_LABEL });
    // More ids than one search takes: the server answers 400 invalid data.
    await box.fill(Array.from({ length: 501 }, (_, i) => `LD${i}`).join(' '));
    await box.press('Enter');
    const toast = page.getByText(NO_RESULTS);
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/my-account$/);
    await expect(toast).toBeHidden({ timeout: 8000 });
    const times = await page.evaluate(
      () => (window as unknown as { toastTimes: { shown: number; hidden: number } }).toastTimes,
    );
    // 4 s on screen, then sonner's short exit animation.
    expect(times.hidden - times.shown).toBeGreaterThanOrEqual(3900);
    expect(times.hidden - times.shown).toBeLessThan(5500);
  });

  test('[STONES] a server failure shows "Something went wrong" and keeps the customer where they are', async ({
    page,
  }) => {
    await page.route(`**${textSearch.path}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL', message: 'Internal failure' }),
      }),
    );
    await page.goto('/v2/my-account');
    const box = page.getByRole('textbox', { name: SEARCH_LABEL });
    await box.fill('LD100001');
    await box.press('Enter');
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await expect(page.getByText('Internal failure')).toHaveCount(0);
    await expect(page).toHaveURL(/\/v2\/my-account$/);
    await expect(page.getByText('Something went wrong')).toBeHidden({ timeout: 5000 });
  });
});
