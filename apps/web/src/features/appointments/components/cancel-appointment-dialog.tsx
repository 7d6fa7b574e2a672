import type { Appointment } from '@loupe/contract/appointments';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { useCancelAppointment } from '../api/appointments';
import { appointmentWhen } from '../appointment-format';

/** Cancel asks first (domain-facts §7); the slot is free for others once cancelled. */
export function CancelAppointmentDialog({
  appointment,
  onClose,
}: {
  appointment: Appointment;
  onClose: () => void;
}) {
  const cancel = useCancelAppointment();
  const confirm = () =>
    cancel.mutate(appointment, {
      onSuccess: () => {
        toast.success('Appointment cancelled', { duration: TOAST_DURATION_MS });
        onClose();
      },
      onError: (error) => toast.error(errorText(error), { duration: TOAST_DURATION_MS }),
    });
  return (
    <Dialog
      title="Cancel Appointment"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep Appointment
          </Button>
          <Button variant="danger" busy={cancel.isPending} onClick={confirm}>
            Yes, Cancel
          </Button>
        </>
      }
    >
      <p>
        Are you sure you want to cancel your appointment on {appointmentWhen(appointment.appointment_at)}?
      </p>
    </Dialog>
  );
}
