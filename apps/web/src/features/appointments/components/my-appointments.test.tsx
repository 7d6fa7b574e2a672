import { type Appointment, cancelAppointment, listAppointments } from '@loupe/contract/appointments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { fakeApi } from '../../../test/fake-api';
import { MyAppointments } from './my-appointments';

function appointment(id: string, at: string, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id,
    address: 'Loupe Diamonds, Mumbai',
    appointment_at: at,
    appointment_type: 'in_person',
    reason: `About ${id}`,
    status: 'scheduled',
    stones: [],
    customer_id: 'c1',
    created_at: '2026-12-01T10:00:00.000Z',
    updated_at: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

const UPCOMING = appointment('3f1c2b7e-8f0a-4c3e-9a43-2a4c2f6f1f11', '2026-12-03T10:00:00+05:30');
const CANCELLED = appointment('5a1c2b7e-8f0a-4c3e-9a43-2a4c2f6f1f22', '2026-11-20T15:30:00+05:30', {
  status: 'canceled',
});

function renderScreen(path = paths.myAppointments.href()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <MyAppointments />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('[APPOINTMENTS] My Appointments', () => {
  it('lists upcoming ones with Reschedule and Cancel, past ones without an Action column', async () => {
    const api = fakeApi();
    api.on(listAppointments, { data: { upcoming: [UPCOMING], history: [CANCELLED] } });
    renderScreen();
    const upcoming = await screen.findByRole('table', { name: 'Upcoming appointments' });
    expect(
      within(upcoming)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Time Slot', 'Location', 'Comment', 'Action']);
    const [row] = within(upcoming).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Thu, 3 Dec 2026',
      '10:00 AM - 10:30 AM',
      'Loupe Diamonds, Mumbai',
      `About ${UPCOMING.id}`,
      'RescheduleCancel',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: /Past/ }));
    const past = await screen.findByRole('table', { name: 'Past appointments' });
    expect(
      within(past)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Time Slot', 'Location', 'Comment']);
    expect(within(past).getAllByRole('row')[1]!.textContent).toContain('Fri, 20 Nov 2026Cancelled');
  });

  it('cancels only after the confirmation', async () => {
    const api = fakeApi();
    api.once(
      listAppointments,
      { data: { upcoming: [UPCOMING], history: [] } },
      {
        data: { upcoming: [], history: [{ ...UPCOMING, status: 'canceled' }] },
      },
    );
    api.once(cancelAppointment, undefined);
    renderScreen();
    const upcoming = await screen.findByRole('table', { name: 'Upcoming appointments' });
    fireEvent.click(within(upcoming).getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    expect(confirm.textContent).toContain(
      'Are you sure you want to cancel your appointment on Thu, 3 Dec 2026, 10:00 AM - 10:30 AM?',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep Appointment' }));
    expect(api.callsTo(cancelAppointment)).toHaveLength(0);
    fireEvent.click(within(upcoming).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Cancel Appointment' })).getByRole('button', {
        name: 'Yes, Cancel',
      }),
    );
    await waitFor(() =>
      expect(api.callsTo(cancelAppointment)[0]?.params).toEqual({ appointmentId: UPCOMING.id }),
    );
    expect(
      await screen.findByText('No upcoming appointments. Book one to meet your key account manager.'),
    ).toBeTruthy();
  });
});
