import { requestLine } from '@loupe/contract/request';
import { importStock, stockImportStatus } from '@loupe/contract/stock-import';
import { findStonesByLot, stoneMediaPath } from '@loupe/contract/stone-detail';
import type { APIRequestContext } from '@playwright/test';
import { expect, type OwnCustomer, type OwnData, test } from '../../fixtures/own-data';
import { callApi, logIn, OPERATOR_TOKEN } from '../../fixtures/portal';

/** A stone with a photo and a turning video, imported as a supplier file would bring it. */
async function stoneWithVideo(request: APIRequestContext, own: OwnData, buyer: OwnCustomer) {
  const lot = `V360-${Date.now().toString(36).toUpperCase()}`;
  const csv = [
    'Stock #,Shape,Weight,Color,Clarity,Lab,Discount %,Image URL,Video URL',
    `${lot},Round,1.01,F,VS1,GIA,-30,${stoneMediaPath.image(lot)},https://media.loupe.test/stones/${lot}/360.mp4`,
  ].join('\n');
  const { method, url } = requestLine(importStock, {});
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    multipart: { file: { name: `${lot}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  own.removeLater([lot]);
  // The import runs as a job: wait until it is done.
  const { import_id } = (await res.json()) as { import_id: string };
  await expect
    .poll(
      async () =>
        (
          await callApi(request, stockImportStatus, {
            params: { importId: import_id },
            token: OPERATOR_TOKEN,
          })
        ).body.state,
      { timeout: 20_000 },
    )
    .toBe('done');
  const found = await callApi(request, findStonesByLot, { body: { stones: [lot] }, token: buyer.token });
  expect(found.status, found.text).toBe(200);
  return found.body.stones[0]!;
}

test.describe('[STONES] 360° view on the stone detail', () => {
  test('[STONES] the viewer shows when its files answer, and the photo when one is missing', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await own.customer();
    const stone = await stoneWithVideo(request, own, buyer);
    await logIn(page, buyer.email, buyer.password);

    const heads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'HEAD' && r.url().includes('/assets/360/')) heads.push(new URL(r.url()).pathname);
    });
    await page.goto(`/v2/detail-page?path=search&stoneid=${stone.lot_id}-${stone.location}`);
    const media = page.getByRole('region', { name: `Media of stone ${stone.lot_id}` });
    await media.getByRole('tab', { name: '360° View' }).click();
    const viewer = media.locator(`iframe[title="360° view of stone ${stone.lot_id}"]`);
    await expect(viewer).toBeVisible();
    await expect(viewer.contentFrame().getByRole('slider', { name: 'Turn the stone' })).toBeVisible();
    expect(heads.sort()).toEqual([
      '/assets/360/viewer.css',
      '/assets/360/viewer.html',
      '/assets/360/viewer.js',
    ]);

    // One of the viewer's files gone: the photo instead, without an error.
    await page.route('**/assets/360/viewer.js', (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await media.getByRole('tab', { name: '360° View' }).click();
    await expect(media.getByRole('img', { name: new RegExp(`^Stone ${stone.lot_id}`) })).toBeVisible();
    await expect(media.getByText('The 360° view is not available; showing the photo.')).toBeVisible();
    await expect(viewer).toHaveCount(0);
  });
});
