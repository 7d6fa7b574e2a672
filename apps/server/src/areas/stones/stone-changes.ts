import { sql } from 'drizzle-orm';
import { type Database, rows } from '../../platform/db/client.ts';

/**
 * stone_changes is written by the stones table's triggers (migration 0014, decision 023); its
 * rows are wanted only until every instance's search index has applied them. Rows older than ten
 * minutes from finished transactions go; an instance idle for longer checks whether it missed
 * any and reads its index again if so.
 */
export async function pruneStoneChanges(db: Database) {
  await db.execute(sql`
    delete from stone_changes
    where at < now() - interval '10 minutes'
      and xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`);
}

/**
 * The database's snapshot now, as text: what `stonesChangedSince` compares with. Read before a
 * count, it is at most as recent as the count's own, so a change it cannot see is never missed.
 */
export async function changeSnapshot(db: Database): Promise<string> {
  const [row] = await rows<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`);
  return row!.snapshot;
}

/**
 * Whether a transaction that `snapshot` does not see has committed a change to stones since: one
 * whose id is at or past the snapshot's xmax (begun after it, or running then with an id above
 * the last one ended), or one in its list of running ids. Both are index lookups on
 * stone_changes.xid, however many rows the feed holds. Rows are pruned ten minutes after their
 * transaction ends, so a snapshot must be younger than that.
 */
export async function stonesChangedSince(db: Database, snapshot: string): Promise<boolean> {
  const [row] = await rows<{ changed: boolean }>(
    db,
    sql`select exists (select 1 from stone_changes
                       where xid >= pg_snapshot_xmax(${snapshot}::pg_snapshot)::text::bigint)
            or exists (select 1 from stone_changes
                       where xid in (select pg_snapshot_xip(${snapshot}::pg_snapshot)::text::bigint)) as changed`,
  );
  return row!.changed;
}
