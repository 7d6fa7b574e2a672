import { getTourGuide, type MainTourStatus, updateTourGuide } from '@loupe/contract/tour';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type OwnCustomer, type OwnData, test } from '../../fixtures/own-data';
import { apiToken, callApi, logIn, setTourStatus } from '../../fixtures/portal';
import { narrowToSearchable, settledCount } from '../search/search-helpers';

/** The tour's popover (driver.js draws it as a dialog named by the step's title). */
const popover = (page: Page) => page.locator('.driver-popover');

async function statusOf(request: APIRequestContext, token: string): Promise<MainTourStatus> {
  const res = await callApi(request, getTourGuide, { query: { mode: 'web' }, token });
  return res.body.main_tour_status;
}

/** Sets the dashboard's three mini tours done (true) or not done (false). */
async function setDashboardViews(request: APIRequestContext, token: string, done: boolean) {
  const res = await callApi(request, updateTourGuide, {
    query: { module: 'dashboard', mode: 'web' },
    body: { search_stone_id: done, new_arrivals_bids: done, bid_to_buy_bids: done },
    token,
  });
  expect(res.status, res.text).toBe(200);
}

/** A customer of the test's own, approved and with nothing done yet (as `fresh@loupe.test` is). */
function freshCustomer(own: OwnData): Promise<OwnCustomer> {
  return own.customer({ first_name: 'Jan', last_name: 'Peeters' });
}

/** A customer of the test's own who has not started KYC (as `new@loupe.test` is). */
function newCustomer(own: OwnData): Promise<OwnCustomer> {
  return own.customer({ kyc: 'none', first_name: 'Maya', last_name: 'Cohen' });
}

/** Logs in with the main tour set to `status` first. */
async function logInWithTour(page: Page, customer: OwnCustomer, status: MainTourStatus) {
  await setTourStatus(page.request, customer.token, status);
  await logIn(page, customer.email, customer.password, { welcome: true });
  return customer.token;
}

async function expectStep(page: Page, title: string, progress: string) {
  await expect(
    popover(page).getByRole('heading', { name: title }).or(popover(page).getByText(title)),
  ).toBeVisible();
  await expect(popover(page).locator('.driver-popover-progress-text')).toHaveText(progress);
}

test.describe('[TOUR] welcome dialog, guided tour and help menu', () => {
  test.describe.configure({ timeout: 90_000 });

  test('[TOUR] not_started meets the welcome dialog; Do it later sets ignored and shows the restart tooltip once', async ({
    page,
    own,
  }) => {
    const token = await logInWithTour(page, await freshCustomer(own), 'not_started');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Loupe, Jan Peeters!' });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByText('Would you like to start a tour?')).toBeVisible();
    await expect(welcome.getByRole('button', { name: 'Start tour' })).toBeVisible();

    await welcome.getByRole('button', { name: 'Do it later' }).click();
    await expect(welcome).toHaveCount(0);
    await expect.poll(() => statusOf(page.request, token)).toBe('ignored');

    const tooltip = page.getByRole('status').filter({ hasText: 'You can take the tour any time' });
    await expect(tooltip).toBeVisible();
    await tooltip.getByRole('button', { name: 'Got it' }).click();
    await expect(tooltip).toHaveCount(0);

    // Once: neither the dialog nor the tooltip comes back.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jan Peeters' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Welcome to Loupe/ })).toHaveCount(0);
    await expect(page.getByText('You can take the tour any time')).toHaveCount(0);
  });

  test('[TOUR] Start tour walks the pre-KYC tour to its end: pre_kyc_completed', async ({ page, own }) => {
    const token = await logInWithTour(page, await newCustomer(own), 'not_started');
    await page
      .getByRole('dialog', { name: 'Welcome to Loupe, Maya Cohen!' })
      .getByRole('button', { name: 'Start tour' })
      .click();

    await expectStep(page, 'Search our stock', '1 of 4');
    await popover(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/v2\/search\?active-tab=new-search$/);

    await expectStep(page, 'Narrow it with filters', '2 of 4');
    await settledCount(page, false);
    // The whole stock is far more than 300 stones: Next waits for the filters.
    await expect(popover(page).getByText(/Add filters until fewer than 300 do/)).toBeVisible();
    await expect(popover(page).getByRole('button', { name: 'Next' })).toBeDisabled();
    // No way back across the navigation to the search screen.
    await expect(popover(page).getByRole('button', { name: 'Previous' })).toBeHidden();
    await narrowToSearchable(page, 'Round');
    await expect(popover(page).getByRole('button', { name: 'Next' })).toBeEnabled();
    await popover(page).getByRole('button', { name: 'Next' }).click();

    await expectStep(page, 'See the stones', '3 of 4');
    await popover(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/active-tab=result-1$/);

    await expectStep(page, 'Keep what you like', '4 of 4');
    expect(await statusOf(page.request, token)).toBe('not_started');
    await popover(page).getByRole('button', { name: 'Finish' }).click();
    await expect(popover(page)).toHaveCount(0);
    await expect.poll(() => statusOf(page.request, token)).toBe('pre_kyc_completed');
  });

  test('[TOUR] an approved customer gets download and confirm after Add to cart; a click on Confirm Stone completes it', async ({
    page,
    own,
  }) => {
    const token = await logInWithTour(page, await freshCustomer(own), 'not_started');
    await page.getByRole('button', { name: 'Start tour' }).click();
    await expectStep(page, 'Search our stock', '1 of 6');
    // The customer's own click on the lit-up link moves the tour on as Next does.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expectStep(page, 'Narrow it with filters', '2 of 6');
    await narrowToSearchable(page, 'Round');
    await popover(page).getByRole('button', { name: 'Next' }).click();
    await popover(page).getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 'Keep what you like', '4 of 6');
    await popover(page).getByRole('button', { name: 'Next' }).click();

    await expectStep(page, 'Take the list with you', '5 of 6');
    await expect(popover(page).getByText('Tick the checkbox of a stone first.')).toBeVisible();
    await expect(popover(page).getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.locator('.stone-table tbody input[type="checkbox"]').nth(1).check();
    await expect(popover(page).getByRole('button', { name: 'Next' })).toBeEnabled();
    await popover(page).getByRole('button', { name: 'Next' }).click();

    await expectStep(page, 'Buy in one step', '6 of 6');
    await page.locator('[data-tour="confirm-stone"]').click();
    await expect(popover(page)).toHaveCount(0);
    await expect.poll(() => statusOf(page.request, token)).toBe('completed');
    // The confirm flow itself goes on as usual.
    await page.keyboard.press('Escape');
  });

  test('[TOUR] back navigation during the tour ends it as ignored, from not_started', async ({
    page,
    own,
  }) => {
    const token = await logInWithTour(page, await freshCustomer(own), 'not_started');
    await page.getByRole('button', { name: 'Start tour' }).click();
    await expectStep(page, 'Search our stock', '1 of 6');
    await popover(page).getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 'Narrow it with filters', '2 of 6');
    await page.goBack();
    await expect(popover(page)).toHaveCount(0);
    await expect.poll(() => statusOf(page.request, token)).toBe('ignored');
  });

  test('[TOUR] Skip tour and a tab change each end the tour as ignored from not_started', async ({
    page,
    own,
  }) => {
    const token = await logInWithTour(page, await freshCustomer(own), 'not_started');
    await page.getByRole('button', { name: 'Start tour' }).click();
    await expectStep(page, 'Search our stock', '1 of 6');
    await popover(page).getByRole('button', { name: 'Skip tour' }).click();
    await expect(popover(page)).toHaveCount(0);
    await expect.poll(() => statusOf(page.request, token)).toBe('ignored');

    // Another tab comes to the front: the tour ends too.
    await setTourStatus(page.request, token, 'not_started');
    await page.reload();
    await page.getByRole('button', { name: 'Start tour' }).click();
    await expectStep(page, 'Search our stock', '1 of 6');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(popover(page)).toHaveCount(0);
    await expect.poll(() => statusOf(page.request, token)).toBe('ignored');
  });

  test('[TOUR] the help menu offers the tour to approved customers only; Take the tour starts it on the dashboard', async ({
    page,
  }) => {
    const token = await apiToken(page.request, 'buyer@loupe.test');
    await logIn(page, 'buyer@loupe.test');
    const topBar = page.getByRole('banner');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Cart' }).click();
    await topBar.getByRole('button', { name: 'Help' }).click();
    for (const item of ['Take the tour', 'Restart tour', 'Contact your KAM']) {
      await expect(topBar.getByRole('button', { name: item })).toBeVisible();
    }
    await expect(topBar.getByRole('link', { name: 'FAQs' })).toBeVisible();

    await topBar.getByRole('button', { name: 'Take the tour' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectStep(page, 'Search our stock', '1 of 6');
    // Closing it is an unexpected exit, but the buyer had completed the tour: it stays completed.
    await popover(page).getByRole('button', { name: 'Close the tour' }).click();
    await expect(popover(page)).toHaveCount(0);
    expect(await statusOf(page.request, token)).toBe('completed');

    for (const email of ['new@loupe.test', 'existing@loupe.test']) {
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await logIn(page, email);
      await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'FAQs' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Contact your KAM' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Take the tour' })).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Restart tour' })).toHaveCount(0);
    }
  });

  test('[TOUR] Restart tour sets not_started and shows the welcome dialog on the dashboard again', async ({
    page,
    own,
  }) => {
    const fresh = await freshCustomer(own);
    const token = fresh.token;
    await setDashboardViews(page.request, token, true);
    await logInWithTour(page, fresh, 'completed');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmark' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Restart tour' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog', { name: 'Welcome to Loupe, Jan Peeters!' })).toBeVisible();
    await expect.poll(() => statusOf(page.request, token)).toBe('not_started');
    await page.getByRole('button', { name: 'Do it later' }).click();
  });

  test('[TOUR] mini tours: a completed one marks its feature view and the next follows; a closed one marks nothing', async ({
    page,
    own,
  }) => {
    const fresh = await freshCustomer(own);
    const token = fresh.token;
    await setDashboardViews(page.request, token, false);
    await logInWithTour(page, fresh, 'completed');

    await expectStep(page, 'Find stones by id', '1 of 1');
    await popover(page).getByRole('button', { name: 'Finish' }).click();
    await expectStep(page, 'New arrivals, every day', '1 of 1');
    await popover(page).getByRole('button', { name: 'Close' }).click();
    await expect(popover(page)).toHaveCount(0);

    await expect
      .poll(async () => (await callApi(page.request, getTourGuide, { query: { mode: 'web' }, token })).body)
      .toMatchObject({
        main_tour_status: 'completed',
        feature_views: {
          dashboard: { search_stone_id: true, new_arrivals_bids: false, bid_to_buy_bids: false },
        },
      });
    // Closed: not again on this visit of the screen.
    await page.waitForTimeout(1000);
    await expect(popover(page)).toHaveCount(0);
    await setDashboardViews(page.request, token, true);
  });

  test('[TOUR] the matching-pair results offer their mini tour, which marks see_details when completed', async ({
    page,
    own,
  }) => {
    const fresh = await freshCustomer(own);
    const token = fresh.token;
    await setDashboardViews(page.request, token, true);
    const unseen = await callApi(page.request, updateTourGuide, {
      query: { module: 'match_pair_search', mode: 'web' },
      body: { see_details: false },
      token,
    });
    expect(unseen.status).toBe(200);
    await logInWithTour(page, fresh, 'completed');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Matching Pair' }).click();
    const search = page.getByRole('button', { name: 'Search Pairs' });
    await expect(search).toBeEnabled({ timeout: 20_000 });
    await search.click();
    await expect(page).toHaveURL(/active-tab=result-1$/);

    await expectStep(page, 'Matching pairs', '1 of 2');
    await popover(page).getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 'See the details', '2 of 2');
    await popover(page).getByRole('button', { name: 'Finish' }).click();
    await expect(popover(page)).toHaveCount(0);
    await expect
      .poll(async () => (await callApi(page.request, getTourGuide, { query: { mode: 'web' }, token })).body)
      .toMatchObject({
        main_tour_status: 'completed',
        feature_views: { match_pair_search: { see_details: true } },
      });
  });
});

test.describe('[HELP] FAQs', () => {
  test('[HELP] the FAQs screen lists questions by category, filters by category and searches', async ({
    page,
  }) => {
    await logIn(page, 'buyer@loupe.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQs' }).click();
    await expect(page).toHaveURL(/\/v2\/faqs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    for (const category of ['Getting started', 'Account and KYC', 'Searching stock', 'Bidding']) {
      await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
    }

    const search = page.getByRole('searchbox', { name: 'Search FAQs' });
    await search.fill('kyc review');
    await expect(page.getByText('How long does the KYC review take?')).toBeVisible();
    await expect(page.getByText('We review a submitted KYC within 3 days.', { exact: false })).toBeVisible();
    await expect(page.getByText('What is Bid to Buy?')).toHaveCount(0);

    await search.fill('');
    await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Bidding' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Bidding']);
    await expect(page.getByText('What is Bid to Buy?')).toBeVisible();

    await search.fill('teleport');
    await expect(page.getByText(/No question matches “teleport”/)).toBeVisible();
  });
});
