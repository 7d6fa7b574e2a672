import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';

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
