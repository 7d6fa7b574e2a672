import { trackShare } from '@loupe/contract/tracking';
import { expect, test } from '../../fixtures/own-data';
import { logIn } from '../../fixtures/portal';
import { findStones } from '../../fixtures/stones';

const SECTIONS = ['Price Details', 'Basic Details', 'Measurements', 'Inclusion Details', 'Other Information'];

test.describe('[STONES] stone detail page', () => {
  test('[STONES] a stone shows its header, sections, media and the link to its GIA report', async ({
    page,
    own,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const buyer = await own.customer();
    const stone = await own.stoneSeenBy(buyer, { lab: 'GIA' });
    await logIn(page, buyer.email, buyer.password);
    await page.goto(`/v2/detail-page?path=search&stoneid=${stone.lot_id}-${stone.location}`);

    await expect(page.getByRole('heading', { level: 1, name: `Stock No ${stone.lot_id}` })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Back to Search' })).toHaveAttribute('href', '/v2/search');
    const price = page.getByRole('region', { name: 'Price', exact: true });
    await expect(price).toContainText('$');
    await expect(price).toContainText('%');
    for (const section of SECTIONS) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    const inclusions = page.getByRole('region', { name: 'Inclusion Details' });
    await expect(inclusions.getByRole('term')).toHaveCount(15);
    await expect(page.getByRole('region', { name: 'Basic Details' })).toContainText(stone.lot_id);

    const report = page.getByRole('link', { name: stone.certificate_number!, exact: true });
    await expect(report).toHaveAttribute(
      'href',
      `https://www.gia.edu/report-check?reportno=${stone.certificate_number}`,
    );
    await expect(report).toHaveAttribute('target', '_blank');

    const media = page.getByRole('region', { name: `Media of stone ${stone.lot_id}` });
    await expect(media.getByRole('tab', { name: 'Image', selected: true })).toBeVisible();
    if (stone.image_url) {
      await expect(media.getByRole('img', { name: new RegExp(`^Stone ${stone.lot_id}`) })).toBeVisible();
    }
    await media.getByRole('tab', { name: 'Video' }).click();
    if (stone.video_url) {
      await expect(media.getByRole('link', { name: 'Download mp4' })).toBeVisible();
    } else {
      await expect(media.getByText('No video for this stone')).toBeVisible();
    }

    if (stone.image_url || stone.video_url) {
      await page.getByRole('button', { name: 'Media Link' }).click();
      await expect(page.getByText('Copied Successfully')).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/stones\//);
      await expect(page.getByText('Copied Successfully')).toBeHidden({ timeout: 5000 });
    }
  });

  test('[STONES] sharing a stone copies the ticked attributes and is recorded', async ({
    page,
    own,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const buyer = await own.customer();
    const stone = await own.stoneSeenBy(buyer);
    await logIn(page, buyer.email, buyer.password);
    await page.goto(`/v2/detail-page?path=dash-board&stoneid=${stone.lot_id}-${stone.location}`);

    const shared = page.waitForRequest(
      (req) => req.url().endsWith(trackShare.path) && req.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: /^Share/ });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied Successfully')).toBeVisible();
    expect((await shared).postDataJSON()).toMatchObject({ channel: 'copy', stone_ids: [stone.id] });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`Stock No: ${stone.lot_id}`);
  });

  test('[STONES] a GemTrac stone tells its six-stage journey', async ({ page, request, own }) => {
    const buyer = await own.customer();
    const stone = (await findStones(request, buyer.token, {}, { limit: 1, gemtrac: true })).stones[0];
    expect(stone, 'the seeded stock has GemTrac stones').toBeDefined();
    await logIn(page, buyer.email, buyer.password);
    await page.goto(`/v2/detail-page?path=search&stoneid=${stone!.lot_id}-${stone!.location}`);

    await page.getByRole('button', { name: 'GemTrac' }).click();
    const journey = page.getByRole('region', { name: 'GemTrac journey' });
    await expect(journey).toBeFocused();
    await expect(
      journey.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }),
    ).toHaveCount(6);
    await expect(journey.getByRole('heading', { level: 3 })).toHaveText([
      /Origin/,
      /Architected by/,
      /Laser Cut by/,
      /Crafted by/,
      /Groomed by/,
      /Certified by/,
    ]);
    await expect(journey).toContainText(stone!.lot_id);
  });

  test('[STONES] a stone with a matching partner links to the pair, shown side by side', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await own.customer();
    const { stones } = await findStones(request, buyer.token, {}, { limit: 300 });
    const stone = stones.find((s) => s.pair_lot_id);
    expect(stone, 'the seeded stock has matching pairs').toBeDefined();
    await logIn(page, buyer.email, buyer.password);
    await page.goto(`/v2/detail-page?path=search&stoneid=${stone!.lot_id}-${stone!.location}`);

    await page.getByRole('link', { name: 'View the matching pair' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Matching pair' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `Stock No ${stone!.lot_id}` })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: `Stock No ${stone!.pair_lot_id}` }),
    ).toBeVisible();
  });

  test('[STONES] an unknown stone gets a clear not-found page', async ({ page, own }) => {
    const buyer = await own.customer();
    await logIn(page, buyer.email, buyer.password);
    await page.goto('/v2/detail-page?path=my-cart&stoneid=NOPE404-BEL');
    await expect(page.getByRole('heading', { level: 1, name: 'Stone not found' })).toBeVisible();
    await expect(page.getByText("We couldn't find stone NOPE404.")).toBeVisible();
    await expect(page.getByRole('link', { name: '← Back to My Cart' })).toBeVisible();
  });

  test('[STONES] without approved KYC the price is locked behind Unlock', async ({ page, own }) => {
    const newcomer = await own.customer({ kyc: 'none' });
    const stone = await own.stoneSeenBy(newcomer);
    expect(stone.amount).toBeNull();
    await logIn(page, newcomer.email, newcomer.password);
    await page.goto(`/v2/detail-page?path=search&stoneid=${stone.lot_id}-${stone.location}`);

    const price = page.getByRole('region', { name: 'Price', exact: true });
    await expect(price).not.toContainText('$');
    await price.getByRole('button', { name: 'Unlock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Sales Team' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Email/ })).toHaveAttribute('href', /^mailto:/);
  });
});
