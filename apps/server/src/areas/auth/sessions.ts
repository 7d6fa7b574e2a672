import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, sessions } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionContext } from '../../platform/http/session.ts';
import type { SessionSockets } from '../../platform/realtime/server.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

const DAY = 86_400_000;
/** Writing last-used on every request would double the writes; a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  db: Database,
  clock: Clock,
  input: { customerId: string; deviceName?: string; ip?: string; idleDays: number },
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    customerId: input.customerId,
    tokenHash: hashToken(token),
    deviceName: input.deviceName ?? null,
    ip: input.ip ?? null,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + input.idleDays * DAY),
  });
  return token;
}

/**
 * The session of a token hash with its customer's KYC status: one statement built once per
 * database and prepared under a name (on PostgreSQL each connection parses and plans it once;
 * every request of every route runs it).
 */
function buildSessionByToken(db: Database) {
  return db
    .select({ session: sessions, kycStatus: customers.kycStatus })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token');
}

const preparedSessionByToken = new WeakMap<Database, ReturnType<typeof buildSessionByToken>>();

function sessionByToken(db: Database) {
  let prepared = preparedSessionByToken.get(db);
  if (!prepared) {
    prepared = buildSessionByToken(db);
    preparedSessionByToken.set(db, prepared);
  }
  return prepared;
}

/**
 * Resolves a bearer token to its session: 401 unknown, 419 logged out or expired, 410 ended from
 * elsewhere. The customer's KYC status comes in the same statement (every stock route needs it).
 */
export async function authenticateToken(
  db: Database,
  clock: Clock,
  token: string,
  idleDays: number,
): Promise<SessionContext> {
  const [found] = await sessionByToken(db).execute({ tokenHash: hashToken(token) });
  if (!found) throw new AppError('UNAUTHORIZED');
  const { session } = found;
  if (session.endReason === 'logout') throw new AppError('SESSION_LOGGED_OUT');
  if (session.endReason) throw new AppError('SESSION_ENDED_EVERYWHERE');
  const now = clock.now();
  if (session.expiresAt <= now)
    throw new AppError('SESSION_LOGGED_OUT', 'Your session has expired. Please log in again.');
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + idleDays * DAY) })
      .where(eq(sessions.id, session.id));
  }
  return {
    sessionId: session.id,
    customerId: session.customerId,
    kycApproved: found.kycStatus === 'approved',
  };
}

export async function endSession(db: Database, clock: Clock, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: clock.now(), endReason: 'logout' })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endReason)));
}

/** Ends every open session of a customer except `keepSessionId`; their tokens then answer 410. */
export async function endOtherSessions(
  db: Database,
  clock: Clock,
  customerId: string,
  reason: 'logout_all' | 'password_changed' | 'password_reset',
  keepSessionId?: string,
): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: clock.now(), endReason: reason })
    .where(
      and(
        eq(sessions.customerId, customerId),
        isNull(sessions.endReason),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** "Logout this device": the session answers 419 from now on and its sockets close. */
export async function logOutSession(
  db: Database,
  clock: Clock,
  sockets: SessionSockets,
  session: SessionContext,
): Promise<void> {
  await endSession(db, clock, session.sessionId);
  sockets.closeSessionSockets([session.sessionId]);
}

/** "Logout all devices": every session of the customer ends (the others answer 410), every socket closes. */
export async function logOutEverywhere(
  db: Database,
  clock: Clock,
  sockets: SessionSockets,
  session: SessionContext,
): Promise<void> {
  await endOtherSessions(db, clock, session.customerId, 'logout_all', session.sessionId);
  await endSession(db, clock, session.sessionId);
  sockets.closeCustomerSockets(session.customerId);
}
