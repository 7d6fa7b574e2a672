import { getBidToBuy } from '@loupe/contract/bid-to-buy';
import { decideKyc } from '@loupe/contract/kyc';
import { NAMED_SHAPE_COUNT, SHAPES } from '@loupe/contract/stone-vocabulary';
import { expect, test } from '../../fixtures/own-data';
import { apiRequest, logIn, operator } from '../../fixtures/portal';
import { apiToken, findStones } from '../../fixtures/stones';
import { settledCount, tile } from '../search/search-helpers';

type Row = { id: string; lot_id: string; shape_full: string; diamond_status?: string };

/** The shapes with a tile of their own on the search form; the rest share "Others". */
const TILED_SHAPES = new Set(SHAPES.slice(0, NAMED_SHAPE_COUNT).map((shape) => shape.label));

/**
 * Two stones of different shapes among `rows`, the first with a tile of its own (the test picks it
 * by its shape's tile), or null when there are no such two.
 */
function twoShapes(rows: Row[]): [Row, Row] | null {
  const first = rows.find((row) => TILED_SHAPES.has(row.shape_full));
  const other = rows.find((row) => row.shape_full !== first?.shape_full);
  return first && other ? [first, other] : null;
}

/**
 * The bidding board in Chromium (domain-facts §2.2, §4): the search's filter form on both bidding
 * screens (Apply / Modify / Clear Filter), and the bid panel opening in the grid under the row.
 */
test('[BIDDING] new arrivals: the search form filters the live board, and the bid panel opens under the row', async ({
  page,
  request,
  own,
}) => {
  test.setTimeout(90_000);
  const buyer = await own.customer({ kyc: 'none' });
  await operator(request, decideKyc, { params: { email: buyer.email }, body: { status: 'approved' } });
  const token = await apiToken(request, buyer.email, buyer.password);
  const arrivals = (await findStones(request, token, {}, { newArrivals: true, limit: 100 }))
    .stones as unknown as Row[];
  // The round holds the Available new arrivals.
  const pair = twoShapes(arrivals.filter((row) => row.diamond_status === 'Available'));
  expect(pair, 'the seeded new arrivals hold two shapes').not.toBeNull();
  const [kept, other] = pair!;

  await logIn(page, buyer.email, buyer.password);
  await page.goto('/v2/new-arrivals');
  const table = page.getByRole('table', { name: 'New arrivals: Bid Stone' });
  // Just the two stones on screen, whatever else the round holds.
  await page.getByRole('searchbox', { name: 'Search by Stone ID' }).fill(`${kept.lot_id} ${other.lot_id}`);
  await expect(table.getByRole('link', { name: other.lot_id, exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(table.getByRole('link', { name: kept.lot_id, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(page.getByRole('heading', { name: 'Filter the new arrivals' })).toBeVisible();
  await tile(page, 'Shape', kept.shape_full).click();
  await settledCount(page);
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(table.getByRole('link', { name: kept.lot_id, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: other.lot_id, exact: true })).toHaveCount(0);

  // The panel opens in the grid, in the row under the selected stone.
  await page.getByRole('checkbox', { name: `Select ${kept.lot_id}` }).check();
  const panel = table.getByRole('region', { name: `Bid on ${kept.lot_id}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add Bid' })).toBeEnabled();
  const note = panel.getByText(/can only be raised/);
  await expect(note).toBeVisible();
  // The policy note wraps inside the panel, and the panel keeps within what shows of the grid,
  // at 1440 px and on a narrower desktop window too.
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await expect
      .poll(async () => {
        const [box, inner, grid] = await Promise.all([
          panel.boundingBox(),
          note.boundingBox(),
          table.locator('xpath=..').boundingBox(),
        ]);
        return inner!.x + inner!.width <= box!.x + box!.width && box!.x + box!.width <= grid!.x + grid!.width;
      }, `the note and the panel fit at ${size.width} px`)
      .toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('checkbox', { name: `Select ${kept.lot_id}` }).uncheck();
  await expect(panel).toHaveCount(0);

  await expect(page.getByRole('button', { name: 'Modify Filter' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filter' }).click();
  await expect(table.getByRole('link', { name: other.lot_id, exact: true })).toBeVisible();
});

test('[BIDDING] bid to buy: the search form, counting the event stones, fills Bid Stone', async ({
  page,
  request,
  own,
}) => {
  test.setTimeout(90_000);
  const buyer = await own.customer({ kyc: 'none' });
  await operator(request, decideKyc, { params: { email: buyer.email }, body: { status: 'approved' } });
  const token = await apiToken(request, buyer.email, buyer.password);
  const res = await apiRequest(request, getBidToBuy, { token, query: { limit: 300, filters: '{}' } });
  expect(res.status(), await res.text()).toBe(200);
  const pair = twoShapes((await res.json()).bidStone as Row[]);
  expect(pair, 'the demo event holds stones of two shapes').not.toBeNull();
  const [kept, other] = pair!;

  await logIn(page, buyer.email, buyer.password);
  await page.goto('/v2/bid-2-buy');
  const table = page.getByRole('table', { name: 'Bid to buy: Bid Stone' });
  await expect(page.getByText('Search by stone id, apply a filter or show all stones')).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(page.getByRole('heading', { name: "Filter the event's stones" })).toBeVisible();
  await tile(page, 'Shape', kept.shape_full).click();
  const counted = await settledCount(page);
  // The count is among the event's stones: at most the event's 300, never the whole stock's.
  expect(counted.kind === 'count' && counted.n <= 300).toBe(true);
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(table.getByRole('link', { name: kept.lot_id, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: other.lot_id, exact: true })).toHaveCount(0);
  if (counted.kind === 'count')
    await expect(page.getByRole('tab', { name: /^Bid Stone/ })).toContainText(String(counted.n));
});
