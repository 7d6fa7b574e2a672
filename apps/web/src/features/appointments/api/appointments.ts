import {
  type Appointment,
  type AppointmentRequest,
  appointmentForm,
  bookAppointment,
  callbackTimeSlots,
  cancelAppointment,
  listAppointments,
  requestCallback,
  rescheduleAppointment,
} from '@loupe/contract/appointments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

/** My appointments, upcoming and past (KYC approved customers only: the server says 403 otherwise). */
export function appointmentsQuery() {
  return queryOptions({
    queryKey: appointmentKeys.list(),
    queryFn: ({ signal }) => call(listAppointments, { signal }),
    retry: false,
  });
}

export function useAppointments(options: { enabled?: boolean } = {}) {
  return useQuery({ ...appointmentsQuery(), enabled: options.enabled ?? true });
}

/** The booking form's KAM, store addresses and slots; always fresh, as slots go quickly. */
export function useAppointmentForm() {
  return useQuery({
    queryKey: appointmentKeys.form(),
    queryFn: ({ signal }) => call(appointmentForm, { signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useCallbackSlots() {
  return useQuery({
    queryKey: appointmentKeys.callbackSlots(),
    queryFn: async ({ signal }) => (await call(callbackTimeSlots, { signal })).data.timeSlots,
    staleTime: 0,
    retry: false,
  });
}

/** Any booking change makes the list and every slot view stale. */
function useRefreshAppointments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: appointmentKeys.all });
}

/** Book, or reschedule when an appointment is given: the same body (domain-facts §7). */
export function useSaveAppointment(appointment: Appointment | null) {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: async (body: AppointmentRequest) =>
      appointment
        ? (await call(rescheduleAppointment, { params: { appointmentId: appointment.id }, body })).appointment
        : (await call(bookAppointment, { body })).appointment,
    onSuccess: refresh,
  });
}

export function useCancelAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (appointment: Appointment) =>
      call(cancelAppointment, { params: { appointmentId: appointment.id } }),
    onSuccess: refresh,
  });
}

/** A callback at a slot (its datetimeString), or now when none is given. */
export function useRequestCallback() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: (callbackAt: string | null) =>
      call(requestCallback, callbackAt ? { body: { callback_at: callbackAt } } : {}),
    onSuccess: refresh,
  });
}

export type { Appointment };
