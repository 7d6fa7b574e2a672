import {
  CALLBACK_REQUESTED,
  CALLBACK_SCHEDULED,
  callbackTimeSlots,
  requestCallback,
} from '@loupe/contract/appointments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi } from '../../../test/fake-api';
import { CALLBACK_TITLE, CallbackDialog } from './callback-dialog';
import { testSlots } from './test-slots';

function renderDialog() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <CallbackDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

const slots = { data: { timeSlots: testSlots() } };

async function openDialog() {
  const dialog = await screen.findByRole('dialog', { name: CALLBACK_TITLE });
  await within(dialog).findByRole('button', { name: '10:00 AM' });
  return dialog;
}

describe('[APPOINTMENTS] callback dialog', () => {
  it('follows the scheduling rules of spec §5', async () => {
    const api = fakeApi();
    api.on(callbackTimeSlots, slots);
    renderDialog();
    const dialog = await openDialog();
    const scheduleNow = within(dialog).getByRole('button', { name: 'Schedule Now' });
    // The first open date is chosen; no slot yet, so Schedule Now waits.
    expect(within(dialog).getByRole('button', { name: 'Thu 3' }).getAttribute('aria-pressed')).toBe('true');
    expect((scheduleNow as HTMLButtonElement).disabled).toBe(true);
    // Unavailable slots are disabled.
    expect((within(dialog).getByRole('button', { name: '10:30 AM' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const ten = within(dialog).getByRole('button', { name: '10:00 AM' });
    fireEvent.click(ten);
    expect(ten.getAttribute('aria-pressed')).toBe('true');
    expect((scheduleNow as HTMLButtonElement).disabled).toBe(false);
    // Clicking the chosen slot again deselects it.
    fireEvent.click(ten);
    expect(ten.getAttribute('aria-pressed')).toBe('false');
    expect((scheduleNow as HTMLButtonElement).disabled).toBe(true);
    // Picking another date clears the chosen slot.
    fireEvent.click(within(dialog).getByRole('button', { name: '12:00 PM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fri 4' }));
    expect((scheduleNow as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: '12:00 PM' })).toBeNull();
    // The Afternoon group folds away.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thu 3' }));
    const afternoon = within(dialog).getByRole('button', { name: 'Afternoon' });
    fireEvent.click(afternoon);
    expect(afternoon.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).queryByRole('button', { name: '12:00 PM' })).toBeNull();
  });

  it('schedules a call at the chosen slot and says so in the words of spec §8', async () => {
    const api = fakeApi();
    api.on(callbackTimeSlots, slots);
    api.once(requestCallback, { status: 'scheduled', callback_at: '2026-12-03T17:30:00+05:30' });
    const { onClose } = renderDialog();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '5:30 PM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Now' }));
    const done = await screen.findByRole('dialog', { name: CALLBACK_SCHEDULED.title });
    expect(done.textContent).toContain(
      'We have received your request. You will receive a call at the scheduled time with your KAM',
    );
    expect(api.callsTo(requestCallback)[0]?.body).toEqual({ callback_at: '2026-12-03T17:30:00+05:30' });
    fireEvent.click(within(done).getByRole('button', { name: 'Okay' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a failed schedule as an error dialog headed by the server message, then fresh slots', async () => {
    const api = fakeApi();
    api.on(callbackTimeSlots, slots);
    api.once(
      requestCallback,
      fail('VALIDATION_FAILED', 'This time slot is no longer available. Please choose another one.'),
    );
    renderDialog();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '10:00 AM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule Now' }));
    const error = await screen.findByRole('dialog', {
      name: 'This time slot is no longer available. Please choose another one.',
    });
    fireEvent.click(within(error).getByRole('button', { name: 'Okay' }));
    await openDialog();
    await waitFor(() => expect(api.callsTo(callbackTimeSlots).length).toBe(2));
  });

  it('asks for a call now: the success dialog, or on failure just the busy indicator cleared', async () => {
    const api = fakeApi();
    api.on(callbackTimeSlots, slots);
    api.once(requestCallback, fail('INTERNAL', 'Something went wrong'), {
      status: 'requested',
      callback_at: null,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderDialog();
    const dialog = await openDialog();
    const callNow = within(dialog).getByRole('button', { name: 'Call Me Now' });
    fireEvent.click(callNow);
    await waitFor(() => expect(callNow.getAttribute('aria-busy')).toBeNull());
    await waitFor(() => expect((callNow as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByRole('dialog', { name: CALLBACK_TITLE })).toBeTruthy();
    expect(api.callsTo(requestCallback)[0]?.body).toBeUndefined();
    fireEvent.click(callNow);
    const done = await screen.findByRole('dialog', { name: CALLBACK_REQUESTED.title });
    expect(done.textContent).toContain(
      'We have received your request. You will receive a call shortly from your KAM.',
    );
    warn.mockRestore();
  });
});
