import * as appointmentsApi from '@loupe/contract/appointments';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import {
  bookAppointment,
  cancelAppointment,
  listAppointments,
  rescheduleAppointment,
} from './book-appointment.ts';
import { appointmentForm, callbackSlots, requestCallback } from './callbacks.ts';

/** Appointments and callbacks with the KAM: the booking form, bookings, and the callback dialog. */
export interface AppointmentRouteDeps {
  db: Database;
  clock: Clock;
  messenger: Messenger;
  publicUrl: string;
}

export async function appointmentRoutes(app: FastifyInstance, deps: AppointmentRouteDeps) {
  const { db, clock } = deps;

  registerRoute(app, appointmentsApi.appointmentForm, async (request) =>
    appointmentForm({ db, clock }, sessionOf(request).customerId),
  );

  registerRoute(app, appointmentsApi.listAppointments, async (request) =>
    listAppointments({ db, clock }, sessionOf(request).customerId),
  );

  registerRoute(app, appointmentsApi.bookAppointment, async (request) => ({
    appointment: await bookAppointment(deps, sessionOf(request).customerId, request.body),
  }));

  registerRoute(app, appointmentsApi.rescheduleAppointment, async (request) => ({
    appointment: await rescheduleAppointment(
      deps,
      sessionOf(request).customerId,
      request.params.appointmentId,
      request.body,
    ),
  }));

  registerRoute(app, appointmentsApi.cancelAppointment, async (request) => {
    await cancelAppointment(deps, sessionOf(request).customerId, request.params.appointmentId);
  });

  registerRoute(app, appointmentsApi.callbackTimeSlots, async (request) =>
    callbackSlots({ db, clock }, sessionOf(request).customerId),
  );

  registerRoute(app, appointmentsApi.requestCallback, async (request) =>
    requestCallback(deps, sessionOf(request).customerId, request.body?.callback_at),
  );
}
