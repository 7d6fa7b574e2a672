import * as customersApi from '@loupe/contract/customers';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { accountProbeLimit, registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { trackEvent } from '../tracking/index.ts';
import { setTradeShowEntry } from './customer-records.ts';
import { getCustomer } from './get-customer.ts';
import { deleteProfilePhoto, getProfilePhoto, saveProfilePhoto } from './profile-photo.ts';
import { type EmailVerification, registerCustomer } from './register-customer.ts';
import { removeCustomer } from './remove-customer.ts';
import { notifySales, updateCustomer } from './update-customer.ts';

export interface CustomerRouteDeps {
  db: Database;
  clock: Clock;
  messenger: Messenger;
  /** The profile photos' files. */
  storage: Storage;
  /** Sends a new customer the link that proves their email address (auth's codes). */
  sendEmailVerification: EmailVerification;
  /** Outside production the end-to-end tests may remove the customers they made. */
  production: boolean;
  /** Removes the files another area keeps for a customer who is removed (KYC's documents). */
  removeFilesOf: (customerId: string) => Promise<void>;
  /** Registrations a minute from one address (a duplicate's answer tells an account exists). */
  probesPerMinute: number;
}

/** Registration, the customer's own record and profile photo, and their call for sales' help. */
export async function customerRoutes(app: FastifyInstance, deps: CustomerRouteDeps) {
  const { db, clock, messenger, storage } = deps;

  registerRoute(
    app,
    customersApi.register,
    async (request) => {
      const created = await registerCustomer(db, clock, deps.sendEmailVerification, request.body);
      const { utm } = request.body;
      // The campaign link the customer came by (kept 3 hours on their device), for sales' reports.
      if (utm && Object.keys(utm).length > 0) {
        await trackEvent(db, clock, created.id, 'registration_campaign', utm);
      }
      request.log.info({ customerId: created.id }, 'customer registered');
      return {
        customer: {
          id: created.id,
          email: created.email,
          phone: created.phone,
          country_code: created.countryCode,
          is_phone_verified: created.isPhoneVerified,
        },
      };
    },
    { rateLimit: accountProbeLimit(deps.probesPerMinute) },
  );

  registerRoute(app, customersApi.getMe, async (request) => ({
    customer: await getCustomer(db, clock, sessionOf(request).customerId),
  }));

  registerRoute(app, customersApi.updateMe, async (request) => {
    const { customerId } = sessionOf(request);
    await updateCustomer(db, clock, customerId, request.body);
    return { customer: await getCustomer(db, clock, customerId) };
  });

  registerRoute(app, customersApi.getProfilePhoto, async (request, reply) => {
    const photo = await getProfilePhoto(db, storage, sessionOf(request).customerId, request.query.size);
    reply.type('image/png').header('cache-control', 'private, max-age=60');
    return photo.image;
  });

  registerRoute(app, customersApi.uploadProfilePhoto, async (request, _reply, upload) => {
    await saveProfilePhoto(db, clock, storage, sessionOf(request).customerId, {
      bytes: await upload.bytes(),
    });
  });

  registerRoute(app, customersApi.deleteProfilePhoto, async (request) => {
    await deleteProfilePhoto(db, storage, sessionOf(request).customerId);
  });

  registerRoute(app, customersApi.notifySales, async (request) => {
    await notifySales(db, clock, messenger, sessionOf(request).customerId);
  });

  if (!deps.production) {
    registerRoute(app, customersApi.removeTestCustomer, async (request) => {
      await removeCustomer(db, clock, storage, request.params.email, deps.removeFilesOf);
    });
  }

  registerRoute(app, customersApi.setTradeShowEntry, async (request) =>
    setTradeShowEntry(db, clock, request.params.email, request.body.on),
  );
}
