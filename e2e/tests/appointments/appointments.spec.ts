import {
  bookAppointment,
  callbackTimeSlots,
  listAppointments,
  requestCallback,
} from '@loupe/contract/appointments';
import { devOutbox } from '@loupe/contract/portal';
import { requestLine } from '@loupe/contract/request';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, type OwnData, test } from '../../fixtures/own-data';
import { apiRequest, callApi, logIn } from '../../fixtures/portal';

/**
 * Appointments and callbacks with the KAM in Chromium, against the real server: booking,
 * rescheduling and cancelling from My Appointments, booking from a stone's page, a slot taken in
 * the meantime, and both callbacks. Each test's buyers are its own, registered from India, whose
 * KAM is Ananya Iyer (Mumbai); slots follow the real clock, so the tests pick whatever slot is free.
 */
const KAM_EMAIL = 'ananya.iyer@loupe.test';

let counter = 0;

/** A new customer registered from India, so Ananya Iyer is their KAM; named uniquely for the KAM's emails. */
async function indianCustomer(own: OwnData, kyc: 'approved' | 'none' = 'approved') {
  counter += 1;
  const unique = `${Date.now()}${counter}`.slice(-8);
  const letters = [...unique].map((d) => String.fromCharCode(97 + Number(d))).join('');
  return own.customer({
    kyc,
    first_name: 'Riya',
    last_name: `Shah${letters}`,
    country_code: '91',
    country_iso2_code: 'IN',
    phone: `98${unique}`,
  });
}

type Outbox = { messages: { subject: string | null; body: string; attachments: { content: string }[] }[] };

async function outbox(request: APIRequestContext, to: string): Promise<Outbox['messages']> {
  const res = await apiRequest(request, devOutbox, { query: { to } });
  return ((await res.json()) as Outbox).messages;
}

/** Waits for an email to `to` whose subject starts with `subject`. */
async function expectEmail(request: APIRequestContext, to: string, subject: string) {
  await expect
    .poll(async () => (await outbox(request, to)).some((m) => m.subject?.startsWith(subject)))
    .toBe(true);
}

function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

/** The first slot that can be chosen on the date shown. */
function freeSlot(scope: Locator): Locator {
  return scope.locator('.slot:not([disabled])').first();
}

/**
 * Chooses the first date with at least `count` free slots. Slots follow the real clock: late in
 * the KAM's day the first open date may have only one left, and a test that books one and then
 * needs another would find none.
 */
async function chooseDateWithFreeSlots(scope: Locator, count: number) {
  const dates = scope.locator('.slot-date');
  for (let i = 0; i < (await dates.count()); i++) {
    await dates.nth(i).click();
    await expect(dates.nth(i)).toHaveAttribute('aria-pressed', 'true');
    if ((await scope.locator('.slot:not([disabled])').count()) >= count) return;
  }
  throw new Error(`no date offers ${count} free slots`);
}

async function openMyAppointments(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'My Appointments' }).click();
  await expect(page).toHaveURL(/\/v2\/my-appointments/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();
}

test.describe('[APPOINTMENTS] appointments with the KAM', () => {
  test('[APPOINTMENTS] book, reschedule and cancel from My Appointments; the KAM hears of each', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await indianCustomer(own);
    const name = `${buyer.first_name} ${buyer.last_name}`;
    await logIn(page, buyer.email, buyer.password);
    await openMyAppointments(page);

    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const book = dialog(page, 'Book Appointment');
    await expect(book.getByText('Ananya Iyer')).toBeVisible();
    // Location: the first store address of the KAM's city.
    await expect(book.getByRole('combobox', { name: 'Location' })).toHaveValue(/Bharat Diamond Bourse/);
    const submit = book.getByRole('button', { name: 'Book Appointment' });
    await expect(submit).toBeDisabled();
    // One slot to book and another to move it to, on the same date.
    await chooseDateWithFreeSlots(book, 2);
    const slot = freeSlot(book);
    const label = (await slot.textContent()) ?? '';
    await slot.click();
    await book.getByRole('textbox', { name: 'Comment' }).fill('Looking for a matched pair of ovals');
    await submit.click();
    await expect(page.getByText(/^Appointment booked: /)).toBeVisible();
    await expect(book).toBeHidden();

    const upcoming = page.getByRole('table', { name: 'Upcoming appointments' });
    await expect(upcoming.getByRole('columnheader')).toHaveText([
      'Date',
      'Time Slot',
      'Location',
      'Comment',
      'Action',
    ]);
    const row = upcoming.getByRole('row').filter({ hasText: 'Looking for a matched pair of ovals' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(`^${label} - \\d{1,2}:\\d{2} (AM|PM)$`));
    await expectEmail(request, KAM_EMAIL, `Appointment booked: ${name}`);
    const invitation = (await outbox(request, buyer.email)).find((m) => m.attachments.length > 0);
    expect(invitation?.attachments[0]?.content).toContain('METHOD:REQUEST');

    // The dashboard's card counts it and names the next date.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    const card = page.getByRole('region', { name: 'Appointments' });
    await expect(card.locator('.stat-value')).toHaveText(/^[1-9]\d*$/);
    await expect(card).toContainText(/Next\w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (AM|PM) - /);
    await card.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL(/path=upcomingAppointments/);

    // Reschedule: disabled until the slot changes.
    await row.getByRole('button', { name: 'Reschedule' }).click();
    const move = dialog(page, 'Reschedule Appointment');
    const reschedule = move.getByRole('button', { name: 'Reschedule' });
    await expect(move.locator('.slot[aria-pressed="true"]')).toHaveText(label);
    await expect(reschedule).toBeDisabled();
    const other = move.locator('.slot:not([disabled]):not([aria-pressed="true"])').first();
    const otherLabel = (await other.textContent()) ?? '';
    await other.click();
    await expect(reschedule).toBeEnabled();
    await reschedule.click();
    await expect(page.getByText(/^Appointment rescheduled: /)).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(`^${otherLabel} - `));
    await expectEmail(request, KAM_EMAIL, `Appointment rescheduled: ${name}`);

    // Cancel, after confirming.
    await row.getByRole('button', { name: 'Cancel' }).click();
    const confirm = dialog(page, 'Cancel Appointment');
    await expect(confirm).toContainText('Are you sure you want to cancel your appointment on');
    await confirm.getByRole('button', { name: 'Yes, Cancel' }).click();
    await expect(page.getByText('Appointment cancelled', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expectEmail(request, KAM_EMAIL, `Appointment cancelled: ${name}`);
    await page.getByRole('tab', { name: /^Past/ }).click();
    await expect(page).toHaveURL(/path=pastAppointments/);
    const past = page.getByRole('table', { name: 'Past appointments' });
    await expect(past.getByRole('columnheader')).toHaveText(['Date', 'Time Slot', 'Location', 'Comment']);
    await expect(
      past.getByRole('row').filter({ hasText: 'Looking for a matched pair of ovals' }),
    ).toContainText('Cancelled');
  });

  test('[APPOINTMENTS] books from a stone’s page with the comment prefilled; a slot taken meanwhile is said', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await indianCustomer(own);
    const { token } = buyer;
    const made = await own.stones([{}]);
    const [stone] = await own.lookUp(token, [made[0]!.lot_id]);
    await logIn(page, buyer.email, buyer.password);
    await page.goto(`/v2/detail-page?path=search&stoneid=${stone!.lot_id}-${stone!.location}`);
    await page.getByRole('button', { name: 'Book Appointment' }).first().click();
    const book = dialog(page, 'Book Appointment');
    await expect(book.getByRole('textbox', { name: 'Comment' })).toHaveValue(
      `I want to know more about ${stone!.lot_id}(${stone!.location})`,
    );

    // Someone else of the same KAM takes the chosen slot (a callback holds a KAM slot too).
    await chooseDateWithFreeSlots(book, 2);
    const slot = freeSlot(book);
    await slot.click();
    const chosen = (await slot.textContent()) ?? '';
    const at = (await slot.getAttribute('value')) ?? '';
    const other = (await indianCustomer(own, 'none')).token;
    const slots = await callApi(request, callbackTimeSlots, { token: other });
    expect(JSON.stringify(slots.body.data.timeSlots)).toContain(at);
    const scheduled = await callApi(request, requestCallback, { token: other, body: { callback_at: at } });
    expect(scheduled.status, scheduled.text).toBe(200);

    await book.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(book.getByRole('alert')).toHaveText(
      'This time slot is no longer available. Please choose another one.',
    );
    await expect(book.locator(`.slot[value="${at}"]`)).toBeDisabled();
    expect(chosen).not.toBe('');
    await freeSlot(book).click();
    await book.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByText(/^Appointment booked: /)).toBeVisible();
    const list = await callApi(request, listAppointments, { token });
    expect(list.body.data.upcoming.some((a) => a.stones.some((s) => s.lot_id === stone!.lot_id))).toBe(true);
  });

  test('[APPOINTMENTS] both callbacks from the KAM popup, in the words of spec §8', async ({
    page,
    request,
    own,
  }) => {
    const buyer = await indianCustomer(own);
    const name = `${buyer.first_name} ${buyer.last_name}`;
    await logIn(page, buyer.email, buyer.password);
    await page.getByRole('button', { name: 'Your KAM' }).click();
    await page.locator('.kam-popup').getByRole('button', { name: 'Request a Callback' }).click();
    let callback = dialog(page, 'Request a Callback');
    const scheduleNow = callback.getByRole('button', { name: 'Schedule Now' });
    await expect(scheduleNow).toBeDisabled();
    const slot = freeSlot(callback);
    await slot.click();
    await expect(scheduleNow).toBeEnabled();
    await slot.click();
    await expect(scheduleNow).toBeDisabled();
    await slot.click();
    await scheduleNow.click();
    const scheduled = dialog(page, 'Callback Scheduled Successfully');
    await expect(scheduled).toContainText(
      'We have received your request. You will receive a call at the scheduled time with your KAM',
    );
    await scheduled.getByRole('button', { name: 'Okay' }).click();
    await expectEmail(request, KAM_EMAIL, `Callback scheduled: ${name}`);

    await page.getByRole('button', { name: 'Your KAM' }).click();
    await page.locator('.kam-popup').getByRole('button', { name: 'Request a Callback' }).click();
    callback = dialog(page, 'Request a Callback');
    await callback.getByRole('button', { name: 'Call Me Now' }).click();
    const requested = dialog(page, 'Callback Requested Successfully');
    await expect(requested).toContainText(
      'We have received your request. You will receive a call shortly from your KAM.',
    );
    await requested.getByRole('button', { name: 'Okay' }).click();
    await expectEmail(request, KAM_EMAIL, `Callback requested now: ${name}`);
  });

  test('[APPOINTMENTS] without approved KYC the side bar entry is disabled and the server refuses', async ({
    page,
    request,
    own,
  }) => {
    const newcomer = await own.customer({ kyc: 'none' });
    // The dashboard does not ask for the appointments they would be refused: not after the log-in,
    // nor at a fresh load of the page (the index page's own first calls), nor a refusal at all.
    const appointmentsUrl = requestLine(listAppointments).url;
    const asked: string[] = [];
    const refusals: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === appointmentsUrl) asked.push(sent.url());
    });
    page.on('response', (answer) => {
      if (answer.status() === 403) refusals.push(answer.url());
    });
    await logIn(page, newcomer.email, newcomer.password);
    const card = page.getByRole('region', { name: 'Appointments' });
    await expect(card).toContainText('Complete your KYC to book appointments');
    await page.reload();
    await expect(card).toContainText('Complete your KYC to book appointments');
    await expect(page.getByRole('region', { name: 'Saved Searches' })).toBeVisible();
    expect(asked).toEqual([]);
    expect(refusals).toEqual([]);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'My Appointments' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const { token } = newcomer;
    const refused = await callApi(request, bookAppointment, {
      token,
      body: { appointment_at: new Date().toISOString(), address: 'x', reason: '', stones: [] },
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('KYC_REQUIRED');
  });
});
