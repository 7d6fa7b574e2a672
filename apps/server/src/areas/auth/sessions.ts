import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { type Database, isEmbedded } from '../../platform/db/client.ts';
import { listenToChannel } from '../../platform/db/listen.ts';
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
 * The session of a token hash with its customer's KYC status: one statement, built once and
 * prepared under a name (on PostgreSQL each connection parses and plans it once).
 */
function sessionByToken(db: Database) {
  return db
    .select({ session: sessions, kycStatus: customers.kycStatus })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token');
}

type FoundSession = { session: typeof sessions.$inferSelect; kycStatus: string };

/** Sessions kept at most; past it the store starts again empty. */
const MAX_KEPT = 10_000;

/**
 * Resolves bearer tokens to sessions (every authenticated request and socket): 401 unknown, 419
 * logged out or expired, 410 ended from elsewhere, with the customer's KYC status read in the same
 * statement (every stock route needs it).
 *
 * On the embedded database the sessions read are kept, and a request of a kept token runs no
 * statement (decision 035). One process owns that database and sees every write: every statement
 * that changes or removes sessions or changes a KYC status notifies `caller_changes` (migration
 * 0019), and PGlite hands the notification over before the writer's own `await` returns; each one
 * empties the store. A read is kept only when no notification came while it ran, and only once
 * listening has begun. On PostgreSQL another instance's write reaches this one with no ordering
 * against its next request, so every request reads its session.
 */
export class SessionReader {
  private readonly kept = new Map<string, FoundSession>();
  /** Counts the notifications: a read during which it moved may be older than a write. */
  private generation = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly byToken: ReturnType<typeof sessionByToken>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly idleDays: number,
  ) {
    this.byToken = sessionByToken(db);
  }

  /** On the embedded database: listens for writes of sessions and KYC statuses, then keeps sessions. */
  async start() {
    if (!isEmbedded(this.db) || this.stopListening) return;
    this.stopListening = await listenToChannel(
      this.db,
      'caller_changes',
      () => this.forget(),
      () => this.forget(),
    );
    this.listening = true;
  }

  async close() {
    this.listening = false;
    this.forget();
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }

  async authenticate(token: string): Promise<SessionContext> {
    const tokenHash = hashToken(token);
    const found = this.kept.get(tokenHash) ?? (await this.read(tokenHash));
    if (!found) throw new AppError('UNAUTHORIZED');
    const { session } = found;
    if (session.endReason === 'logout') throw new AppError('SESSION_LOGGED_OUT');
    if (session.endReason) throw new AppError('SESSION_ENDED_EVERYWHERE');
    const now = this.clock.now();
    if (session.expiresAt <= now)
      throw new AppError('SESSION_LOGGED_OUT', 'Your session has expired. Please log in again.');
    if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      // The write notifies, which empties the store: the next request reads the new dates.
      await this.db
        .update(sessions)
        .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + this.idleDays * DAY) })
        .where(eq(sessions.id, session.id));
    }
    return {
      sessionId: session.id,
      customerId: session.customerId,
      kycApproved: found.kycStatus === 'approved',
    };
  }

  private async read(tokenHash: string): Promise<FoundSession | undefined> {
    const keep = this.listening;
    const generation = this.generation;
    const [found] = await this.byToken.execute({ tokenHash });
    if (found && keep && this.listening && generation === this.generation) {
      if (this.kept.size >= MAX_KEPT) this.kept.clear();
      this.kept.set(tokenHash, found);
    }
    return found;
  }

  private forget() {
    this.generation += 1;
    this.kept.clear();
  }
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
