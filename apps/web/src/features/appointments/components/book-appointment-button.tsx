import type { Stone } from '@loupe/contract/stones';
import { useContext, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { CurrentCustomerContext } from '../../../domain/customer/current-customer';
import { NO_SELECTION_HINT } from '../../../domain/stones/grid/stone-grid';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { appointmentStonesOf, blockedText, stonesBlockingAppointment } from '../stone-rules';
import { AppointmentDialog } from './appointment-dialog';

export const APPOINTMENT_KYC_HINT = 'Complete your KYC to book appointments';

/** Book Appointment for selected stones (results, cart, new arrivals, a stone's page). */
export function BookAppointmentButton({
  stones,
  size = 'sm',
}: {
  stones: readonly Stone[];
  size?: 'sm' | 'md';
}) {
  // Outside the shell (a grid's own test) there is no customer: then it is not offered.
  const customer = useContext(CurrentCustomerContext);
  const [open, setOpen] = useState<Stone[] | null>(null);
  const reason =
    stones.length === 0
      ? NO_SELECTION_HINT
      : customer?.kyc.status !== 'approved'
        ? APPOINTMENT_KYC_HINT
        : null;

  const start = () => {
    const blocked = stonesBlockingAppointment(stones);
    if (blocked.length > 0) {
      toast.error(blockedText(blocked), { duration: TOAST_DURATION_MS });
      return;
    }
    setOpen([...stones]);
  };

  return (
    <>
      <Button
        size={size}
        variant="secondary"
        icon={<Icon name="calendar" size={16} />}
        disabled={reason !== null}
        title={reason ?? undefined}
        onClick={start}
      >
        Book Appointment
      </Button>
      {open ? <AppointmentDialog stones={appointmentStonesOf(open)} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
