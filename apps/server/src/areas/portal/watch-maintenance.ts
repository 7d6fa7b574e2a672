import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { listenToChannel } from '../../platform/db/listen.ts';
import type { Log } from '../../platform/log.ts';
import type { RealtimeHub } from '../../platform/realtime/server.ts';
import { getMaintenanceEnd, MAINTENANCE_OFF, PORTAL_CHANNEL } from './portal-settings.ts';

export interface MaintenanceWatchDeps {
  db: Database;
  clock: Clock;
  realtime: Pick<RealtimeHub, 'announceMaintenanceHere'>;
  log: Log;
}

export interface MaintenanceWatch {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Puts every open tab into the maintenance view, or takes it out, as the sales team switches
 * maintenance on or off (spec §4): each instance listens for the switch's NOTIFY and sends
 * `maintenance_mode` to its own connected customers, whose tabs ask for the customer again. The
 * switch may come from any instance or from the command line's own app (with PostgreSQL it answers
 * the command itself), so the database is what carries it, not the Redis adapter.
 *
 * A switch's NOTIFY carries the state it committed, so every switch is told in the order of the
 * commits, even one undone before this instance could have read it. The empty NOTIFY after a
 * dropped listening connection reconnects (`listenToChannel`) reads the state instead, catching a
 * switch missed meanwhile. An event goes out only when the end differs from the one last told, so
 * that reading, or the same end set again, sends no tab a needless one.
 */
export function createMaintenanceWatch(deps: MaintenanceWatchDeps): MaintenanceWatch {
  const { db, clock, realtime, log } = deps;
  /** The end this instance's customers were last told of (or found at the start), as ISO. */
  let told: string | null = null;
  let reading: Promise<void> = Promise.resolve();
  let unlisten: (() => Promise<void>) | null = null;
  let stopped = false;

  const currentEnd = async () => (await getMaintenanceEnd(db, clock.now()))?.toISOString() ?? null;

  const compare = async (payload: string) => {
    const end = payload === '' ? await currentEnd() : payload === MAINTENANCE_OFF ? null : payload;
    if (stopped || end === told) return;
    told = end;
    realtime.announceMaintenanceHere({ end_date: end });
  };
  // One reading at a time, in the order of the notifications: the last one read tells the last state.
  const onNotify = (payload: string) => {
    reading = reading
      .then(() => compare(payload))
      .catch((err: unknown) => log.error({ err }, 'maintenance watch: read failed'));
  };

  return {
    async start() {
      told = await currentEnd();
      // Nobody is connected yet: this tells the tabs that connect from now on (the hub keeps it).
      realtime.announceMaintenanceHere({ end_date: told });
      unlisten = await listenToChannel(db, PORTAL_CHANNEL, onNotify, (err) =>
        log.warn({ err }, 'portal channel dropped; reconnecting'),
      );
    },
    async stop() {
      stopped = true;
      await unlisten?.();
      await reading;
    },
  };
}
