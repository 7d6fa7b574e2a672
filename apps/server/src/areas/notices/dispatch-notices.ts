import { targetPageHref } from '@loupe/contract/notices';
import { and, asc, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { listenToChannel } from '../../platform/db/listen.ts';
import { customers, devices, notices } from '../../platform/db/schema/index.ts';
import type { Log } from '../../platform/log.ts';
import type { EmailMessage, Messenger } from '../../platform/messaging/messenger.ts';
import type { RealtimeHub } from '../../platform/realtime/server.ts';
import type { PushSender } from '../../platform/web-push.ts';
import { NOTICE_CHANNEL } from './create-notice.ts';
import { forgetPushSubscription } from './devices.ts';
import type { NoticeRow } from './find-notices.ts';

/** Notices claimed per round trip; a burst larger than this takes several rounds. */
const BATCH = 200;
/** A missed NOTIFY (a dropped listening connection) delays a notice by this much at most. */
const SWEEP_INTERVAL_MS = 5_000;
/**
 * Claims begin at most this often: a burst's notices are claimed, emailed and told in one
 * transaction per instance instead of one each (decision 063). A notice waits at most this long
 * past the previous claim; one after a quiet spell waits not at all. Half of issue 5's delivery
 * goal (p95 under 100 ms), so a steady stream still meets it (decision 068).
 */
const GATHER_MS = 50;
/** A notice this old when first dispatched (the server was down) is not pushed or emailed any more. */
const STALE_AFTER_MS = 24 * 3600_000;

export interface NoticeDispatcherDeps {
  db: Database;
  clock: Clock;
  realtime: RealtimeHub;
  messenger: Messenger;
  push: PushSender | null;
  log: Log;
  publicUrl: string;
}

export interface NoticeDispatcher {
  start(): Promise<void>;
  /** Claims and fans out whatever is pending now (the NOTIFY and the sweep call it too). */
  kick(): void;
  /** Stops listening and waits for the round and the pushes under way. */
  stop(): Promise<void>;
}

/**
 * Fans committed notices out: a `notification` event to the customer's sockets on every instance,
 * web push to their browsers and an email, as their preferences allowed when the notice was made.
 * The email is queued (the mail job) in the transaction that claims the notice; the push follows.
 * Each instance runs one; a notice is claimed by exactly one of them (FOR UPDATE SKIP LOCKED).
 */
export function createNoticeDispatcher(deps: NoticeDispatcherDeps): NoticeDispatcher {
  const { db, log } = deps;
  let round: Promise<void> | null = null;
  /** A NOTIFY came while a round was under way: another round follows it. */
  let again = false;
  /** When the last round began: the next waits until `GATHER_MS` after it. */
  let claimedAt = Number.NEGATIVE_INFINITY;
  let gathering: NodeJS.Timeout | undefined;
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;
  let sweep: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | null = null;
  const outside = new Set<Promise<void>>();

  /**
   * Claims a batch and queues its emails in the same transaction: a claimed notice's email is
   * never lost (the mail job retries it), and a claim that rolls back queues none.
   */
  async function claim(): Promise<NoticeRow[]> {
    return db.transaction(async (tx) => {
      const pending = tx
        .select({ id: notices.id })
        .from(notices)
        .where(isNull(notices.dispatchedAt))
        .orderBy(asc(notices.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const batch = await tx
        .update(notices)
        .set({ dispatchedAt: deps.clock.now() })
        .where(inArray(notices.id, pending))
        .returning();
      await queueEmails(
        tx,
        batch.filter((n) => n.email && isFresh(n)),
      );
      return batch;
    });
  }

  const isFresh = (n: NoticeRow) => deps.clock.now().getTime() - n.createdAt.getTime() < STALE_AFTER_MS;

  async function queueEmails(tx: Tx, batch: NoticeRow[]) {
    if (batch.length === 0) return;
    const emails = new Map(
      (
        await tx
          .select({ id: customers.id, email: customers.email })
          .from(customers)
          .where(inArray(customers.id, [...new Set(batch.map((n) => n.customerId))]))
      ).map((c) => [c.id, c.email]),
    );
    const messages = batch.flatMap((n): EmailMessage[] => {
      const to = emails.get(n.customerId);
      if (!to) return [];
      const href = targetPageHref(n.targetPage) ?? '/v2';
      return [
        {
          channel: 'email',
          to,
          subject: n.title,
          body: [
            n.message,
            `Open it in Loupe: ${deps.publicUrl}${href}`,
            `You receive these emails because email notifications are on. Change this in My Account: ${deps.publicUrl}/v2/my-account?path=notification-preferences`,
          ].join('\n\n'),
        },
      ];
    });
    await deps.messenger.sendEmails(messages, tx);
  }

  /** Claims until a claim comes back short of a full batch. */
  async function drain() {
    for (;;) {
      const batch = await claim();
      for (const n of batch) {
        deps.realtime.notifyCustomer(n.customerId, {
          change: 'created',
          notice: { id: n.id, title: n.title, created_at: n.createdAt.toISOString() },
        });
      }
      const toPush = deps.push ? batch.filter((n) => n.web && isFresh(n)) : [];
      if (toPush.length > 0) {
        const sending = pushOutside(toPush).catch((err) => log.error({ err }, 'notice push failed'));
        outside.add(sending);
        void sending.finally(() => outside.delete(sending));
      }
      if (batch.length < BATCH || stopped) return;
    }
  }

  /** Web push goes to services outside; a slow one must not hold up the sockets (nor the emails, queued with the claim). */
  async function pushOutside(batch: NoticeRow[]) {
    const push = deps.push!;
    const subscriptions = await db
      .select({ id: devices.id, customerId: devices.customerId, subscription: devices.pushSubscription })
      .from(devices)
      .where(
        and(
          inArray(devices.customerId, [...new Set(batch.map((n) => n.customerId))]),
          isNotNull(devices.pushSubscription),
        ),
      );
    for (const n of batch) {
      const href = targetPageHref(n.targetPage) ?? '/v2';
      for (const device of subscriptions.filter((d) => d.customerId === n.customerId)) {
        try {
          const result = await push.send(device.subscription!, {
            notice_id: n.id,
            title: n.title,
            message: n.message,
            icon_url: n.iconUrl,
            url: href,
          });
          if (result === 'gone') {
            await forgetPushSubscription(db, device.id);
          }
        } catch (err) {
          log.warn({ err, noticeId: n.id }, 'web push failed');
        }
      }
    }
  }

  function startRound() {
    gathering = undefined;
    if (stopped) return;
    claimedAt = performance.now();
    again = false;
    round = drain()
      .catch((err) => log.error({ err }, 'notice dispatch failed'))
      .finally(() => {
        round = null;
        if (again && !stopped) kick();
      });
  }

  /**
   * A notice after a quiet spell is claimed at once; the notices of a burst (an outbid notice per
   * bid, 50 bids a second) are gathered and claimed together, one claim per `GATHER_MS`.
   */
  function kick() {
    if (stopped || gathering) return;
    if (round) {
      again = true;
      return;
    }
    const wait = claimedAt + GATHER_MS - performance.now();
    if (wait <= 0) startRound();
    else gathering = setTimeout(startRound, wait);
  }

  return {
    async start() {
      unlisten = await listenToChannel(db, NOTICE_CHANNEL, kick, (err) =>
        log.warn({ err }, 'notice listener connection lost; reconnecting'),
      );
      sweep = setInterval(kick, SWEEP_INTERVAL_MS);
      sweep.unref();
      kick();
    },
    kick,
    stop() {
      if (!stopping) {
        stopped = true;
        clearInterval(sweep);
        clearTimeout(gathering);
        stopping = (async () => {
          await unlisten?.();
          await round;
          await Promise.allSettled([...outside]);
        })();
      }
      return stopping;
    },
  };
}
