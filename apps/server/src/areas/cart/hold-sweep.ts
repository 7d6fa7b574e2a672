import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Database, Tx } from '../../platform/db/client.ts';
import { defineJob, type JobSchedule } from '../../platform/jobs/index.ts';
import { createNotice } from '../notices/index.ts';
import { returnLapsedHolds } from '../stones/index.ts';

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

/**
 * The sweep as a job, scheduled every minute by the app (`holdSweepSchedule`): with several
 * instances each run is enqueued once and each lapsed hold returned once.
 */
export const holdSweepJob = defineJob('cart.hold-sweep', z.object({}), async (_, { db, clock, log }) => {
  const returned = await sweepLapsedHolds(db, clock);
  if (returned > 0) log.info({ returned }, 'lapsed holds returned to stock');
  return returned;
});

export const holdSweepSchedule: JobSchedule = { job: holdSweepJob, cadence: { everyMinutes: 1 } };
