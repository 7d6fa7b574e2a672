import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { SessionSockets } from '../../platform/realtime/server.ts';
import { setPasswordHash } from '../customers/index.ts';
import { endOtherSessions, endSession } from './sessions.ts';

/**
 * Changes the password and logs the customer out everywhere (domain-facts §9: "The user is logged
 * out afterwards"): this session answers 419 from now on, the other ones 410, and every socket of
 * the customer closes. The customer logs in again with the new password.
 */
export async function changePassword(
  db: Database,
  clock: Clock,
  sockets: SessionSockets,
  session: { customerId: string; sessionId: string },
  input: { password: string; new_password: string },
) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, session.customerId));
  if (!customer) throw new AppError('NOT_FOUND', 'Customer not found.');
  if (!(await verifyPassword(customer.passwordHash, input.password))) throw new AppError('PASSWORD_MISMATCH');
  if (input.password === input.new_password) throw new AppError('PASSWORD_REUSED');
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, customer.id, passwordHash, clock.now());
    await endOtherSessions(tx, clock, customer.id, 'password_changed', session.sessionId);
    await endSession(tx, clock, session.sessionId);
  });
  sockets.closeCustomerSockets(customer.id);
}
