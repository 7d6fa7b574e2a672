import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import type { Log } from '../../platform/log.ts';
import { createNotice } from '../notices/index.ts';
import { returnLapsedHolds } from '../stones/index.ts';

/** How often each instance looks for lapsed holds. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

export interface HoldSweep {
  /** Sweeps once now, then every minute. */
  start(): Promise<void>;
  /** One sweep; answers how many stones went back to Available. */
  run(): Promise<number>;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/**
 * Returns every hold whose date has passed to Available, clears whom it was for, and tells those
 * customers, all in one transaction. The stones are claimed in the one UPDATE with
 * `FOR UPDATE SKIP LOCKED`, so with several instances sweeping at once each lapsed hold is
 * returned, and noticed, exactly once. A memo's due date releases nothing: the stone is with the
 * customer until the sales team records its return (`stone release`).
 */
/**
 * Returns every hold whose date has passed to stock and tells those customers, in one
 * transaction; with several instances sweeping at once each lapsed hold is returned, and noticed,
 * exactly once (stones' returnLapsedHolds claims them with SKIP LOCKED). A memo's due date
 * releases nothing: the stone is with the customer until the sales team records its return.
 */
export async function sweepLapsedHolds(db: Database, clock: Clock): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const returned = await returnLapsedHolds(tx, now);
    const lotsByCustomer = new Map<string, string[]>();
    for (const row of returned) {
      if (!row.reserved_for) continue;
      const lots = lotsByCustomer.get(row.reserved_for) ?? [];
      lots.push(row.lot_id);
      lotsByCustomer.set(row.reserved_for, lots);
    }
    for (const [customerId, lots] of lotsByCustomer) {
      await noticeHoldEnded(tx, clock, customerId, lots.sort());
    }
    return returned.length;
  });
}

/** Tells a customer their hold on these stones has ended (they are in the cart's Active tab now). */
export function noticeHoldEnded(tx: Tx, clock: Clock, customerId: string, lots: string[]) {
  return createNotice(tx, clock, {
    customerId,
    kind: 'hold_expiring',
    title: 'Hold ended',
    message: holdEndedMessage(lots),
    targetPage: 'my-cart:active',
  });
}

function holdEndedMessage(lots: string[]): string {
  if (lots.length === 1) {
    return `Your hold on ${lots[0]} has ended. The stone is available to every buyer again; confirm it soon to keep it.`;
  }
  const listed = lots.length <= 10 ? ` (${lots.join(', ')})` : '';
  return `Your hold on ${lots.length} stones${listed} has ended. They are available to every buyer again; confirm them soon to keep them.`;
}

/** Each instance runs one, started and stopped with the app. */
export function createHoldSweep(deps: { db: Database; clock: Clock; log: Log }): HoldSweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;

  /** Sweeps after any sweep under way, so a caller always sees the state of its own moment. */
  function run(): Promise<number> {
    const sweep = running.then(async () => {
      busy = true;
      try {
        const returned = await sweepLapsedHolds(deps.db, deps.clock);
        if (returned > 0) deps.log.info({ returned }, 'lapsed holds returned to stock');
        return returned;
      } finally {
        busy = false;
      }
    });
    running = sweep.catch(() => {});
    return sweep;
  }

  function tick() {
    if (stopped || busy) return;
    run().catch((err) => deps.log.error({ err }, 'hold sweep failed'));
  }

  return {
    async start() {
      stopped = false;
      timer = setInterval(tick, HOLD_SWEEP_INTERVAL_MS);
      timer.unref();
      tick();
    },
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
