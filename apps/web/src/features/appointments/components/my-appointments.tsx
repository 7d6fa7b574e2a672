import type { Appointment } from '@loupe/contract/appointments';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { APPOINTMENT_TABS, type AppointmentTab, oneOf } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useAppointments } from '../api/appointments';
import { appointmentDate, timeSlotText } from '../appointment-format';
import { AppointmentDialog } from './appointment-dialog';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import '../appointments.css';

const TAB_LABELS: Record<AppointmentTab, string> = {
  upcomingAppointments: 'Upcoming',
  pastAppointments: 'Past',
};

function AppointmentsTable({
  label,
  appointments,
  withActions,
  onReschedule,
  onCancel,
}: {
  label: string;
  appointments: readonly Appointment[];
  withActions: boolean;
  onReschedule: (appointment: Appointment) => void;
  onCancel: (appointment: Appointment) => void;
}) {
  return (
    <div className="appointments-table-wrap">
      <table className="appointments-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Time Slot</th>
            <th scope="col">Location</th>
            <th scope="col">Comment</th>
            {withActions ? <th scope="col">Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {appointments.map((appointment) => (
            <tr key={appointment.id}>
              <td>
                {appointmentDate(appointment.appointment_at)}
                {appointment.status === 'canceled' ? (
                  <span className="badge appointment-status-canceled">Cancelled</span>
                ) : null}
              </td>
              <td>{timeSlotText(appointment.appointment_at)}</td>
              <td className="appointments-location">{appointment.address}</td>
              <td className="appointments-comment">{appointment.reason || '—'}</td>
              {withActions ? (
                <td>
                  <div className="appointments-actions">
                    <Button size="sm" variant="secondary" onClick={() => onReschedule(appointment)}>
                      Reschedule
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => onCancel(appointment)}>
                      Cancel
                    </Button>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /v2/my-appointments?path=upcomingAppointments|pastAppointments: the appointments with the KAM,
 * upcoming ones with Reschedule and Cancel, past ones (and cancelled) without; Book Appointment.
 */
export function MyAppointments() {
  const [params, setParams] = useSearchParams();
  const tab = oneOf(APPOINTMENT_TABS, params.get('path'), 'upcomingAppointments');
  const list = useAppointments();
  const [booking, setBooking] = useState(false);
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const data = list.data?.data;
  const shown = tab === 'upcomingAppointments' ? data?.upcoming : data?.history;

  return (
    <div className="appointments">
      <div className="appointments-toolbar">
        <Button icon={<Icon name="calendar" size={16} />} onClick={() => setBooking(true)}>
          Book Appointment
        </Button>
      </div>
      <Tabs
        label="Appointments"
        tabs={APPOINTMENT_TABS.map((key) => ({
          key,
          label: TAB_LABELS[key],
          count: key === 'upcomingAppointments' ? data?.upcoming.length : data?.history.length,
        }))}
        selected={tab}
        onSelect={(key) => setParams({ path: key }, { replace: true })}
      >
        {list.isPending ? <Spinner label="Loading appointments" /> : null}
        {list.isError ? (
          <p className="field-error" role="alert">
            {errorText(list.error)}
          </p>
        ) : null}
        {shown && shown.length === 0 ? (
          <p className="appointments-empty">
            {tab === 'upcomingAppointments'
              ? 'No upcoming appointments. Book one to meet your key account manager.'
              : 'No past appointments.'}
          </p>
        ) : null}
        {shown && shown.length > 0 ? (
          <AppointmentsTable
            label={tab === 'upcomingAppointments' ? 'Upcoming appointments' : 'Past appointments'}
            appointments={shown}
            withActions={tab === 'upcomingAppointments'}
            onReschedule={setRescheduling}
            onCancel={setCancelling}
          />
        ) : null}
      </Tabs>
      {booking ? <AppointmentDialog onClose={() => setBooking(false)} /> : null}
      {rescheduling ? (
        <AppointmentDialog appointment={rescheduling} onClose={() => setRescheduling(null)} />
      ) : null}
      {cancelling ? (
        <CancelAppointmentDialog appointment={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </div>
  );
}
