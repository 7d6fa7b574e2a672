import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPOINTMENT_LIMITS,
  type Appointment,
  type AppointmentStone,
  appointmentRequest,
  stonesComment,
} from '@loupe/contract/appointments';
import { useEffect, useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar';
import { Dialog } from '../../../components/ui/dialog';
import { Form, FormError, showSubmitError, useFieldError } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { useAppointmentForm, useSaveAppointment } from '../api/appointments';
import { appointmentWhen } from '../appointment-format';
import { findSlot, firstOpenDate, NO_CHOICE, type SlotChoice } from '../slot-rules';
import { SlotPicker } from './slot-picker';
import '../appointments.css';

/** The form's fields, by the contract's rules for the booking body. */
const formSchema = z.object({
  address: appointmentRequest.shape.address,
  appointment_at: appointmentRequest.shape.appointment_at,
  reason: appointmentRequest.shape.reason,
});
type FormValues = z.input<typeof formSchema>;

export const BOOK_TITLE = 'Book Appointment';
export const RESCHEDULE_TITLE = 'Reschedule Appointment';

export interface AppointmentDialogProps {
  /** The appointment to reschedule; a new booking without it. */
  appointment?: Appointment | null;
  /** The stones a booking from selected stones is about (their comment is prefilled). */
  stones?: readonly AppointmentStone[];
  onClose: () => void;
}

function CommentField() {
  const { field } = useController<FormValues>({ name: 'reason' });
  const error = useFieldError('reason');
  const id = useId();
  const counterId = useId();
  const value = String(field.value ?? '');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <div className="field-label-row">
        <label className="field-label" htmlFor={id}>
          Comment
        </label>
      </div>
      <textarea
        id={id}
        className="input appointment-comment"
        rows={3}
        maxLength={APPOINTMENT_LIMITS.reasonLength}
        name={field.name}
        ref={field.ref}
        value={value}
        onBlur={field.onBlur}
        aria-describedby={counterId}
        aria-invalid={error ? true : undefined}
        placeholder="What would you like to discuss?"
        onChange={(event) => field.onChange(event.target.value.slice(0, APPOINTMENT_LIMITS.reasonLength))}
      />
      <p className="field-hint appointment-counter" id={counterId} aria-live="polite">
        {value.length}/{APPOINTMENT_LIMITS.reasonLength}
      </p>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

/**
 * Book an appointment with the KAM, or reschedule one (domain-facts §7): Contact & Mode (the KAM's
 * name and avatar), Location (the first store address), Select date*, Select time slot*, and a
 * comment of at most 256 characters, prefilled "I want to know more about <lot(loc), …>" when
 * booked from stones. Rescheduling is disabled until the slot changes. A slot someone took in
 * the meantime (409 SLOT_TAKEN) is said, and the slots are fetched again.
 */
export function AppointmentDialog({ appointment = null, stones = [], onClose }: AppointmentDialogProps) {
  const payload = useAppointmentForm();
  const save = useSaveAppointment(appointment);
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [slotError, setSlotError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      address: appointment?.address ?? '',
      appointment_at: appointment?.appointment_at ?? '',
      reason: appointment?.reason ?? stonesComment(stones),
    },
  });
  const title = appointment ? RESCHEDULE_TITLE : BOOK_TITLE;
  const data = payload.data;

  // The first choice follows the slots once they arrive: the appointment's own, or the first open date.
  let current: SlotChoice = choice ?? NO_CHOICE;
  if (choice === null && data) {
    const own = appointment ? findSlot(data.timeSlots, appointment.appointment_at) : null;
    current = own
      ? { date: own.date, slot: appointment!.appointment_at }
      : { date: firstOpenDate(data.timeSlots), slot: null };
  }
  // Location: the first store address unless the customer picks another (or the appointment's).
  const firstStore = data?.storeAddresses[0];
  useEffect(() => {
    if (firstStore && !form.getValues('address')) form.setValue('address', firstStore);
  }, [firstStore, form]);
  const address = form.watch('address') || firstStore || '';
  const unchanged = appointment !== null && current.slot === appointment.appointment_at;

  const pick = (next: SlotChoice) => {
    setSlotError(null);
    setChoice(next);
    form.setValue('appointment_at', next.slot ?? '', { shouldValidate: form.formState.isSubmitted });
  };

  const submit = async (values: z.output<typeof formSchema>) => {
    try {
      const saved = await save.mutateAsync({
        stones: appointment ? appointment.stones.map((s) => s.lot_id) : stones.map((s) => s.lot_id),
        appointment_at: values.appointment_at,
        reason: values.reason,
        address: values.address,
      });
      toast.success(
        `${appointment ? 'Appointment rescheduled' : 'Appointment booked'}: ${appointmentWhen(saved.appointment_at)}`,
        { duration: TOAST_DURATION_MS },
      );
      onClose();
    } catch (error) {
      if (isApiError(error, 'SLOT_TAKEN')) {
        pick({ date: current.date, slot: null });
        setSlotError(error.message);
        void payload.refetch();
        return;
      }
      showSubmitError(form, error);
    }
  };

  return (
    <Dialog
      title={title}
      className="appointment-dialog"
      onClose={onClose}
      busy={save.isPending}
      cancel={{ label: 'Close' }}
      confirm={{
        label: appointment ? 'Reschedule' : 'Book Appointment',
        form: 'appointment-form',
        disabled: !data || current.slot === null || unchanged,
        title: unchanged ? 'Select another time slot to reschedule' : undefined,
      }}
    >
      {payload.isPending ? <Spinner label="Loading the time slots" /> : null}
      {payload.isError ? (
        <p className="field-error" role="alert">
          {errorText(payload.error)}
        </p>
      ) : null}
      {data ? (
        <Form form={form} onSubmit={submit} id="appointment-form" className="form appointment-form">
          <div className="appointment-contact">
            <p className="field-label">Contact &amp; Mode</p>
            <div className="appointment-kam">
              <Avatar name={data.kam.kam_name} src={data.kam.image} size={36} />
              <div>
                <p className="appointment-kam-name">{data.kam.kam_name}</p>
                <p className="card-muted">{data.kam.post} · In person</p>
              </div>
            </div>
          </div>
          <div className="field">
            <p className="field-label">Location</p>
            {data.storeAddresses.length > 1 ? (
              <select
                className="input"
                aria-label="Location"
                value={address}
                onChange={(event) => form.setValue('address', event.target.value)}
              >
                {data.storeAddresses.map((store) => (
                  <option key={store} value={store}>
                    {store}
                  </option>
                ))}
              </select>
            ) : (
              <p className="appointment-address">{address}</p>
            )}
          </div>
          <SlotPicker
            timeSlots={data.timeSlots}
            choice={current}
            onChange={pick}
            keep={appointment?.appointment_at ?? null}
            error={slotError ?? form.formState.errors.appointment_at?.message ?? null}
          />
          <CommentField />
          <FormError />
        </Form>
      ) : null}
    </Dialog>
  );
}
