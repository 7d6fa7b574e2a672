import type { updateMe } from '@loupe/contract/customers';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { getCustomer, NOTIFY_SALES_EVERY_MS } from './get-customer.ts';

type UpdateInput = z.output<NonNullable<(typeof updateMe)['body']>>;

export async function updateCustomer(db: Database, clock: Clock, customerId: string, input: UpdateInput) {
  await db
    .update(customers)
    .set({
      // Location capture sends empty strings when the browser could not tell (spec §8 "Location").
      ...('city' in input ? { city: input.city || null } : {}),
      ...('country' in input ? { country: input.country || null } : {}),
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.company_name !== undefined ? { companyName: input.company_name } : {}),
      updatedAt: clock.now(),
    })
    .where(eq(customers.id, customerId));
}

/**
 * "Notify Sales": the customer asks their KAM for help with KYC; the KAM gets an email, at most
 * one an hour per customer (asking again within the hour answers the same and sends nothing).
 */
export async function notifySales(db: Database, clock: Clock, messenger: Messenger, customerId: string) {
  const now = clock.now();
  const since = new Date(now.getTime() - NOTIFY_SALES_EVERY_MS);
  // One statement decides, so two requests at once cannot both send; the claim and its email
  // commit together, so "Notified Sales" always means an email is on its way.
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(customers)
      .set({ notifiedSalesAt: now })
      .where(
        and(
          eq(customers.id, customerId),
          or(isNull(customers.notifiedSalesAt), lt(customers.notifiedSalesAt, since)),
        ),
      )
      .returning({ id: customers.id });
    if (!claimed) return;
    const customer = await getCustomer(tx, clock, customerId);
    if (!customer.kam) return;
    await messenger.send(
      {
        channel: 'email',
        to: customer.kam.email,
        subject: `KYC help requested by ${customer.first_name} ${customer.last_name}`,
        body: `${customer.first_name} ${customer.last_name} of ${customer.company_name} (${customer.email}, +${customer.country_code} ${customer.phone}) asks for help with their KYC. Current status: ${customer.kyc.status}.`,
      },
      tx,
    );
  });
}
