import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { clientOf, type Database } from './client.ts';

/**
 * Calls `onNotify` with the payload of every NOTIFY on `channel`; PostgreSQL delivers them only
 * once the notifying transaction has committed, in the order of the commits. On a server this
 * holds one pooled connection and reconnects when it drops, calling `onNotify('')` after each
 * (re)connect so nothing sent meanwhile waits long. Answers the function that stops listening.
 */
export async function listenToChannel(
  db: Database,
  channel: string,
  onNotify: (payload: string) => void,
  onError: (err: unknown) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const client = clientOf(db);
  if (client instanceof PGlite) return client.listen(channel, (payload) => onNotify(payload));
  const pool = client;
  let stopped = false;
  let current: pg.PoolClient | null = null;
  let retry: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), 1000);
    retry.unref();
  };
  const connect = async () => {
    let conn: pg.PoolClient | undefined;
    try {
      conn = await pool.connect();
      const held = conn;
      held.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      held.on('error', (err) => {
        if (current !== held) return;
        onError(err);
        current = null;
        held.release(err);
        scheduleRetry();
      });
      await held.query(`LISTEN ${channel}`);
      if (stopped) {
        held.release(true);
        return;
      }
      current = held;
      onNotify('');
    } catch (err) {
      onError(err);
      // The connection carried LISTEN or failed: it goes away rather than back into the pool.
      conn?.release(true);
      scheduleRetry();
    }
  };
  await connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    const conn = current;
    current = null;
    conn?.release(true);
  };
}
