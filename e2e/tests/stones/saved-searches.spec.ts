import { listSavedSearches } from '@loupe/contract/saved-searches';
import type { Locator } from '@playwright/test';
import { expect, test } from '../../fixtures/own-data';
import { apiRequest, logIn } from '../../fixtures/portal';
import { findStones, saveSearch } from '../../fixtures/stones';

/** The words of a card's mini table that are broken over lines ("Sym met ry", "0.50 -0.6 9"). */
function brokenWords(card: Locator): Promise<string[]> {
  return card.getByRole('table').evaluate((table) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

test.describe('[STONES] saved searches', () => {
  test('[STONES] the Bookmark page lists saved searches as cards, finds them by name, renames and deletes them', async ({
    page,
    request,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    const { token } = customer;
    const oldest = await saveSearch(request, token, { shape: ['PS'] }, 'Pears');
    const rounds = await saveSearch(
      request,
      token,
      {
        lab: ['GIA'],
        shape: ['BR'],
        carats: ['1.00-1.19', '1.20-1.49'],
        color: ['D', 'E', 'F', 'G'],
        clarity: ['VVS1', 'VVS2'],
        cut: ['EX', 'VG'],
      },
      'Rounds',
    );
    const ovals = await saveSearch(request, token, { shape: ['OV'] }, 'Ovals');
    const newest = await saveSearch(request, token, { shape: ['EM'] }, 'Emeralds');

    await logIn(page, customer.email, customer.password);
    const latest = page.getByRole('region', { name: 'Saved Searches' });
    await expect(latest.getByRole('listitem')).toHaveCount(3);
    await expect(latest.getByRole('listitem').first()).toContainText(newest.name);
    await expect(latest).not.toContainText(oldest.name);
    await latest.getByRole('link', { name: 'View All' }).click();

    await expect(page).toHaveURL(/\/v2\/saved-searches$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Searches' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(4);
    const card = page.getByRole('article', { name: rounds.name });
    await expect(card.getByRole('columnheader')).toHaveText([
      'Lab',
      'Shape',
      'Carats',
      'Color',
      'Clarity',
      'Cut',
      'Polish',
      'Symmetry',
    ]);
    await expect(card.getByRole('cell')).toHaveText([
      'GIA',
      'Round',
      '1.00-1.19, 1.20-1.49',
      'D, E, F, G',
      'VVS1, VVS2',
      'Excellent, Very Good',
      '-',
      '-',
    ]);
    // Labels and values are whole words on every card, on the widest screen and the narrowest
    // the portal serves: a value wraps between its words, never inside one.
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      for (const each of await cards.all())
        expect(await brokenWords(each), `${viewport.width} px`).toEqual([]);
    }

    await page.getByLabel('Search saved searches by name').fill('ovals');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(ovals.name);
    await page.getByLabel('Search saved searches by name').fill('');
    await expect(cards).toHaveCount(4);

    // Rename: 20 characters at most, said on the field.
    await card.getByRole('button', { name: `Rename ${rounds.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename saved search' });
    const nameField = dialog.getByLabel('Search name');
    await nameField.fill('Round brilliants 1 ct');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('A name has at most 20 characters')).toBeVisible();
    await nameField.fill('Round 1ct DE VVS1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Round 1ct DE VVS1' })).toBeVisible();

    // Delete two at once, after confirming.
    await page.getByRole('checkbox', { name: `Select ${ovals.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${oldest.name}` }).check();
    await page.getByRole('button', { name: 'Delete (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 saved searches?' });
    await expect(confirm.getByRole('listitem')).toHaveText([ovals.name, oldest.name]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 saved searches deleted')).toBeVisible();
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('article', { name: ovals.name })).toHaveCount(0);

    // The deletion is real, not just hidden.
    const res = await apiRequest(request, listSavedSearches, { token });
    const names = ((await res.json()) as { saved_searches: { name: string }[] }).saved_searches.map(
      (s) => s.name,
    );
    expect(names.sort()).toEqual(['Round 1ct DE VVS1', newest.name].sort());
  });

  test('[STONES] running a saved search re-checks its count before opening it', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await own.customer();
    const { token } = buyer;
    const everything = await findStones(request, token, {}, { limit: 1 });
    expect(everything.count).toBeGreaterThan(300);
    const nothing = { shape: ['HS'], carats: ['49.00-50.00'], color: ['D'], clarity: ['FL'] };
    expect((await findStones(request, token, nothing, { limit: 1 })).count).toBe(0);

    const tooBroad = await saveSearch(request, token, {}, 'Broad');
    const empty = await saveSearch(request, token, nothing, 'Empty');
    // A search that finds this test's own stones: hearts of 47 carats, which no seeded stock has.
    await own.stones([
      { shape: 'Heart', carats: 47.2 },
      { shape: 'Heart', carats: 47.6 },
    ]);
    const hearts = { shape: ['HS'], carats: ['47.00-47.99'] };
    await expect.poll(async () => (await findStones(request, token, hearts, { limit: 1 })).count).toBe(2);
    const fine = await saveSearch(request, token, hearts, 'Fine');

    await logIn(page, buyer.email, buyer.password);
    await page.goto('/v2/saved-searches');

    await page.getByRole('button', { name: `Search ${tooBroad.name}` }).click();
    const modify = page.getByRole('dialog', { name: 'Modify your search' });
    await expect(modify).toContainText('more than 300 stones');
    await modify.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Search ${empty.name}` }).click();
    const none = page.getByRole('dialog', { name: 'No stones found' });
    await expect(none).toContainText(`No stones match “${empty.name}” right now.`);
    await none.getByRole('button', { name: 'Okay' }).click();

    await page.getByRole('button', { name: `Search ${fine.name}` }).click();
    await expect(page).toHaveURL(/\/v2\/search\?active-tab=result-\d+$/);
  });
});
