import { setTradeShowEntry } from '@loupe/contract/customers';
import { cancelTradeShow, createTradeShow, listMeetingRequests } from '@loupe/contract/trade-shows';
import { expect, test } from '../../fixtures/own-data';
import { callApi, logIn, operator } from '../../fixtures/portal';
import { apiToken, findStones } from '../../fixtures/stones';

const HOUR = 3_600_000;

/**
 * A show running now, made by the sales team's `trade-show create` (its operator route), so it is
 * the one customers see before the demo's next show; called off again after each test.
 */
let showId: string | null = null;
async function runningShow(request: Parameters<typeof operator>[0]) {
  const name = `E2E Diamond Week ${Date.now().toString(36)}`;
  const made = await operator(request, createTradeShow, {
    body: {
      name,
      city: 'New York',
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: new Date(Date.now() + 48 * HOUR).toISOString(),
      flag_image: '/images/flags/us.svg',
      booth: 'E2E-12',
      location: 'USA',
    },
  });
  showId = made.trade_show.id;
  return made.trade_show;
}

test.afterEach(async ({ request }) => {
  if (showId) await operator(request, cancelTradeShow, { params: { tradeShowId: showId } });
  showId = null;
});

test.describe('[TRADE SHOW] /v2/trade-show', () => {
  test('[TRADE SHOW] the side bar entry with its flag and the banner lead to the show, where a meeting is requested and listed', async ({
    page,
    request,
    own,
  }) => {
    const show = await runningShow(request);
    const buyer = await apiToken(request, 'buyer@loupe.test');
    const [stone] = (await findStones(request, buyer, { location: ['USA'] }, { limit: 1 })).stones;
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const entry = nav.getByRole('link', { name: 'Trade Show' });
    await expect(entry.getByRole('img', { name: 'Trade show flag' })).toHaveAttribute(
      'src',
      '/images/flags/us.svg',
    );
    const banner = page.getByRole('complementary', { name: 'Trade show' });
    await expect(banner).toContainText(`Meet us at ${show.name}.`);
    await banner.getByRole('link', { name: 'See dates, booth and request a meeting' }).click();

    await expect(page).toHaveURL(/\/v2\/trade-show$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trade Show' })).toBeVisible();
    const card = page.getByRole('region', { name: show.name });
    await expect(card).toContainText('New York');
    await expect(card).toContainText('On now');
    await expect(card.getByRole('definition').nth(2)).toHaveText('E2E-12');
    const mine = page.getByRole('region', { name: 'My meeting requests' });
    await expect(mine).toContainText('You have not requested a meeting yet.');

    const form = page.getByRole('region', { name: 'Request a meeting' });
    await form.getByLabel('Stones to see').fill(`${stone!.lot_id} NOT-A-STONE`);
    await form.getByLabel('Comment').fill('Tuesday afternoon suits us.');
    await form.getByRole('button', { name: 'Request Meeting' }).click();
    await expect(form).toContainText('NOT-A-STONE');

    await form.getByLabel('Stones to see').fill(stone!.lot_id);
    await form.getByRole('button', { name: 'Request Meeting' }).click();
    await expect(page.getByText(`Meeting requested at ${show.name}.`)).toBeVisible();
    await expect(mine.getByRole('listitem')).toHaveCount(1);
    await expect(mine).toContainText(`Stones: ${stone!.lot_id}`);
    await expect(mine).toContainText('Tuesday afternoon suits us.');

    const token = await apiToken(request, customer.email, customer.password);
    const listed = await callApi(request, listMeetingRequests, { token });
    expect(listed.body.requests).toMatchObject([{ trade_show: { id: show.id }, stones: [stone!.lot_id] }]);

    // Hidden from this customer by the sales team: no entry, no banner.
    await operator(request, setTradeShowEntry, { params: { email: customer.email }, body: { on: false } });
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Trade Show' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Trade show' })).toHaveCount(0);
  });
});

test.describe('[TRADE SHOW] /v2/event', () => {
  test('[TRADE SHOW] the event lists the stones on show, an event link its own, and downloads the trade-show spreadsheet', async ({
    page,
    request,
  }) => {
    const show = await runningShow(request);
    const buyer = await apiToken(request, 'buyer@loupe.test');
    const usa = (await findStones(request, buyer, { location: ['USA'] }, { limit: 2 })).stones;
    await logIn(page, 'buyer@loupe.test');

    await page.goto('/v2/event');
    await expect(page.getByRole('heading', { level: 1, name: `Stones at ${show.name}` })).toBeVisible();
    const table = page.getByRole('table', { name: `Stones at ${show.name}` });
    await expect(table.getByRole('link', { name: usa[0]!.lot_id, exact: true })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Trade Show Excel' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^e2e-diamond-week-[a-z0-9]+-stones\.xlsx$/);

    await page.goto(`/v2/event?stoneid=${usa[1]!.lot_id}`);
    await expect(table.getByRole('link', { name: usa[1]!.lot_id, exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: usa[0]!.lot_id, exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: 'Request a meeting', exact: true }).click();
    await expect(page).toHaveURL(/\/v2\/trade-show$/);
  });
});
