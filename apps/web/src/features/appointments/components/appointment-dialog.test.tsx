import {
  type Appointment,
  appointmentForm,
  bookAppointment,
  rescheduleAppointment,
} from '@loupe/contract/appointments';
import type { ResponseOf } from '@loupe/contract/route';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi } from '../../../test/fake-api';
import { AppointmentDialog, BOOK_TITLE, RESCHEDULE_TITLE } from './appointment-dialog';
import { testSlots } from './test-slots';

const STORE = 'Loupe Diamonds, BW 4021, Bharat Diamond Bourse, Mumbai';

function payload(): ResponseOf<typeof appointmentForm> {
  return {
    kam: { kam_name: 'Ananya Iyer', image: null, post: 'Key Account Manager' },
    storeAddresses: [STORE],
    timeSlots: testSlots(),
  };
}

function appointmentAt(at: string, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: '7d7f6a43-5f5e-4f7a-9d43-2a4c2f6f1f11',
    address: STORE,
    appointment_at: at,
    appointment_type: 'in_person',
    reason: 'Pairs',
    status: 'scheduled',
    stones: [],
    customer_id: 'c1',
    created_at: '2026-12-01T10:00:00.000Z',
    updated_at: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderDialog(props: Parameters<typeof AppointmentDialog>[0]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <AppointmentDialog {...props} />
    </QueryClientProvider>,
  );
}

describe('[APPOINTMENTS] booking dialog', () => {
  it('books from stones: the KAM, the first store, the prefilled comment, and the chosen slot', async () => {
    const api = fakeApi();
    api.on(appointmentForm, payload());
    api.once(bookAppointment, { appointment: appointmentAt('2026-12-03T12:00:00+05:30') });
    const onClose = vi.fn();
    renderDialog({ stones: [{ lot_id: 'LD1', location: 'BEL' }], onClose });
    const dialog = await screen.findByRole('dialog', { name: BOOK_TITLE });
    await within(dialog).findByText('Ananya Iyer');
    expect(dialog.textContent).toContain(STORE);
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
    expect(comment.value).toBe('I want to know more about LD1(BEL)');
    const submit = within(dialog).getByRole('button', { name: 'Book Appointment' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '12:00 PM' }));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(bookAppointment)[0]?.body).toEqual({
      stones: ['LD1'],
      appointment_at: '2026-12-03T12:00:00+05:30',
      reason: 'I want to know more about LD1(BEL)',
      address: STORE,
    });
  });

  it('says when the slot was taken in the meantime and fetches the slots again', async () => {
    const api = fakeApi();
    api.on(appointmentForm, payload());
    api.once(
      bookAppointment,
      fail('SLOT_TAKEN', 'This time slot is no longer available. Please choose another one.'),
    );
    const onClose = vi.fn();
    renderDialog({ onClose });
    const dialog = await screen.findByRole('dialog', { name: BOOK_TITLE });
    fireEvent.click(await within(dialog).findByRole('button', { name: '10:00 AM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book Appointment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('This time slot is no longer available. Please choose another one.');
    await waitFor(() => expect(api.callsTo(appointmentForm).length).toBe(2));
    expect(within(dialog).getByRole('button', { name: '10:00 AM' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reschedules only once another slot is chosen, with the same body', async () => {
    const api = fakeApi();
    api.on(appointmentForm, payload());
    const current = appointmentAt('2026-12-03T10:30:00+05:30', {
      stones: [{ lot_id: 'LD9', location: 'IND' }],
    });
    api.once(rescheduleAppointment, { appointment: appointmentAt('2026-12-04T10:00:00+05:30') });
    const onClose = vi.fn();
    renderDialog({ appointment: current, onClose });
    const dialog = await screen.findByRole('dialog', { name: RESCHEDULE_TITLE });
    const own = await within(dialog).findByRole('button', { name: '10:30 AM' });
    expect(own.getAttribute('aria-pressed')).toBe('true');
    const submit = within(dialog).getByRole('button', { name: 'Reschedule' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fri 4' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '10:00 AM' }));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(rescheduleAppointment)[0]).toMatchObject({
      params: { appointmentId: current.id },
      body: { stones: ['LD9'], appointment_at: '2026-12-04T10:00:00+05:30', reason: 'Pairs', address: STORE },
    });
  });
});
