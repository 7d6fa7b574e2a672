import { decideKyc } from '@loupe/contract/kyc';
import { listNotices, sendNotice as sendNoticeRoute } from '@loupe/contract/notices';
import { devOutbox } from '@loupe/contract/portal';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/own-data';
import { apiRequest, logIn, operator, sessionToken } from '../../fixtures/portal';

/** The bell: its accessible name carries the unseen count ("Notifications, 2 unseen"). */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notice-badge');

async function sendNotice(request: APIRequestContext, email: string, title: string, target?: string) {
  await operator(request, sendNoticeRoute, {
    params: { email },
    body: { title, message: `${title}: details inside.`, target_page: target ?? null },
  });
}

async function noticesOf(page: Page) {
  const token = await sessionToken(page);
  const res = await apiRequest(page.request, listNotices, { token });
  return (await res.json()) as {
    unseen_count: number;
    notices: { title: string; seen_at: string | null; read_at: string | null }[];
  };
}

test.describe('[NOTICES] the bell', () => {
  test('[NOTICES] the badge counts unseen notices; opening the 447 px popup marks them seen', async ({
    page,
    request,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    // A business change: approving the KYC writes its notice in the same transaction.
    await operator(request, decideKyc, { params: { email: customer.email }, body: { status: 'approved' } });
    await sendNotice(request, customer.email, 'Invoice ready', 'your-orders:activeInvoices');
    await logIn(page, customer.email, customer.password);

    await expect(badge(page)).toHaveText('2');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unseen');
    await bell(page).click();
    const popup = page.locator('.notice-popup');
    await expect(popup.getByRole('link', { name: /Invoice ready/ })).toBeVisible();
    await expect(popup.getByRole('link', { name: /KYC approved/ })).toBeVisible();
    expect((await page.locator('.notice-menu .menu-popup').boundingBox())?.width).toBe(447);

    // Opening marked them seen: the badge goes, here and after a reload; they stay unread.
    await expect(badge(page)).toHaveCount(0);
    await expect(popup.getByText('Unread')).toHaveCount(2);
    await expect.poll(async () => (await noticesOf(page)).unseen_count).toBe(0);
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    const state = await noticesOf(page);
    expect(state.notices.every((n) => n.seen_at !== null && n.read_at === null)).toBe(true);
  });

  test('[NOTICES] the popup shows 8 skeleton rows while the notices load', async ({ page, own }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${listNotices.path}?*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await bell(page).click();
    await expect(page.getByTestId('notice-skeleton')).toHaveCount(8);
    await expect(page.getByRole('list', { name: 'Loading notifications' })).toBeVisible();
    release();
    await expect(page.getByText(/No notifications yet/)).toBeVisible();
    await expect(page.getByTestId('notice-skeleton')).toHaveCount(0);
  });

  test('[NOTICES] a click marks the notice read and opens its page on the right tab', async ({
    page,
    request,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    await sendNotice(request, customer.email, 'Check your channels', 'my-account:notification-preferences');
    await sendNotice(request, customer.email, 'Invoice ready', 'your-orders:activeInvoices');
    await logIn(page, customer.email, customer.password);

    await bell(page).click();
    await page.getByRole('link', { name: /Check your channels/ }).click();
    await expect(page).toHaveURL(/\/v2\/my-account\?path=notification-preferences$/);
    await expect(page.getByRole('tab', { name: 'Notification Preferences' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'Notification preferences' })).toBeVisible();
    await expect
      .poll(
        async () => (await noticesOf(page)).notices.find((n) => n.title === 'Check your channels')?.read_at,
      )
      .not.toBeNull();

    await bell(page).click();
    await page.getByRole('link', { name: /Invoice ready/ }).click();
    await expect(page).toHaveURL(/\/v2\/my-orders\?path=activeInvoices$/);
    await expect
      .poll(async () => (await noticesOf(page)).notices.every((n) => n.read_at !== null))
      .toBe(true);
  });

  test('[NOTICES] "Mark all as read" reads every notice', async ({ page, request, own }) => {
    const customer = await own.customer({ kyc: 'none' });
    for (const title of ['Hold expires soon', 'Memo ready', 'Bid won']) {
      await sendNotice(request, customer.email, title, 'my-cart:hold');
    }
    await logIn(page, customer.email, customer.password);
    await bell(page).click();
    const popup = page.locator('.notice-popup');
    await expect(popup.getByText('Unread')).toHaveCount(3);
    await popup.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(popup.getByText('Unread')).toHaveCount(0);
    await expect(popup.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await expect
      .poll(async () => (await noticesOf(page)).notices.every((n) => n.read_at !== null))
      .toBe(true);
  });

  test('[NOTICES] a notice arrives live while the page is open, on every tab', async ({
    page,
    request,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    const secondTab = await page.context().newPage();
    await secondTab.goto('/v2/my-account');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(bell(secondTab)).toHaveAccessibleName('Notifications');

    await sendNotice(request, customer.email, 'Hold expires soon', 'my-cart:hold');
    await expect(badge(page)).toHaveText('1');
    await expect(badge(secondTab)).toHaveText('1');

    // Opening the bell on one tab clears the badge on the other as well.
    await bell(page).click();
    await expect(page.getByRole('link', { name: /Hold expires soon/ })).toBeVisible();
    await expect(badge(secondTab)).toHaveCount(0);
    await secondTab.close();
  });

  test('[NOTICES] log-out-all ends the live connection of the other tab too', async ({ page, own }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    const otherDevice = await page.context().browser()!.newContext();
    const other = await otherDevice.newPage();
    await logIn(other, customer.email, customer.password);
    await expect(bell(other)).toBeVisible();

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Logout all devices' }).click();
    // It asks first: every other device is logged out too.
    await page
      .getByRole('dialog', { name: 'Log out of all devices?' })
      .getByRole('button', { name: 'Logout all devices' })
      .click();
    await expect(page).toHaveURL(/\/v2\/login$/);
    // The other device learns of it through its closed connection, without any click.
    await expect(
      other.getByText('Session expired! You have been logged out of all devices. Please log in again.'),
    ).toBeVisible();
    await otherDevice.close();
  });
});

test.describe('[NOTICES] notification preferences', () => {
  test('[NOTICES] type and channels are saved; leaving Important Only and turning email off ask first', async ({
    page,
    request,
    own,
  }) => {
    const customer = await own.customer({ kyc: 'none' });
    await logIn(page, customer.email, customer.password);
    await page.goto('/v2/my-account?path=notification-preferences');
    const all = page.getByRole('radio', { name: 'All Notifications' });
    const important = page.getByRole('radio', { name: 'Important Only' });
    const email = page.getByRole('switch', { name: 'Email' });
    await expect(all).toBeChecked();
    for (const name of ['Web', 'Mobile', 'Email'])
      await expect(page.getByRole('switch', { name })).toBeChecked();

    // click, not check(): the radio follows the saved preferences, which the optimistic update
    // changes a moment after the click (check() reads the state at once and calls that a failure).
    await important.click();
    await expect(page.getByText('Notification preferences saved')).toBeVisible();
    await expect(important).toBeChecked();

    // Back to all notices: a confirmation first; "Keep" changes nothing.
    await all.click();
    const confirmAll = page.getByRole('dialog', { name: 'Receive all notifications?' });
    await expect(confirmAll).toBeVisible();
    await confirmAll.getByRole('button', { name: 'Keep Important Only' }).click();
    await expect(important).toBeChecked();
    await all.click();
    await page.getByRole('button', { name: 'Yes, all notifications' }).click();
    await expect(all).toBeChecked();

    // Email off: a warning first.
    await email.click();
    const warning = page.getByRole('dialog', { name: 'Turn off email notifications?' });
    await expect(warning).toContainText('You will no longer get emails');
    await warning.getByRole('button', { name: 'Keep email on' }).click();
    await expect(email).toBeChecked();
    await email.click();
    await page.getByRole('button', { name: 'Turn off email' }).click();
    await expect(email).not.toBeChecked();
    await page.getByRole('switch', { name: 'Mobile' }).click();
    await expect(page.getByRole('switch', { name: 'Mobile' })).not.toBeChecked();

    await page.reload();
    await expect(all).toBeChecked();
    await expect(email).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Mobile' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Web' })).toBeChecked();

    // Honoured: with email off, a new notice sends no email but still reaches the bell.
    await sendNotice(request, customer.email, 'Invoice ready', 'your-orders:activeInvoices');
    await expect(badge(page)).toHaveText('1');
    const outbox = await apiRequest(request, devOutbox, { query: { to: customer.email } });
    const subjects = ((await outbox.json()) as { messages: { subject: string | null }[] }).messages.map(
      (m) => m.subject,
    );
    expect(subjects).not.toContain('Invoice ready');
  });
});
