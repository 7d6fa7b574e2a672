import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, isEmbedded, rows } from '../../platform/db/client.ts';
import { stones } from '../../platform/db/schema/index.ts';
import { noteRequest } from '../../platform/http/request-pulse.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { generateStones } from '../stock-import/index.ts';
import {
  bulkWriteStones,
  refreshStoneStatisticsGivingWay,
  refreshStoneStatisticsInTurn,
  statisticsRefreshed,
} from './bulk-write-stones.ts';
import { refreshStoneStatistics } from './write-stones.ts';

/** A buyer's request, begun and answered: the clock of requests says someone just asked. */
const buyerSearched = () => noteRequest()();

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const now = new Date('2026-03-02T08:30:00Z');

async function countOf(prefix: string) {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(stones)
    .where(sql`lot_id LIKE ${`${prefix}%`}`);
  return row!.n;
}

function stonesNamed(prefix: string, count: number) {
  return [...generateStones(count, { seed: prefix, now })].map((stone, i) => ({
    ...stone,
    lotId: `${prefix}${String(i).padStart(4, '0')}`,
    reportComments: i === 7 ? 'a tab\there, a line\nbreak, a \\ and "quotes"' : stone.reportComments,
  }));
}

async function analysed() {
  const found = await rows<{ name: string }>(
    database.db,
    sql`SELECT attname AS name FROM pg_stats WHERE tablename = 'stones' ORDER BY attname`,
  );
  return found.map((r) => r.name);
}

async function stoneColumns() {
  const found = await rows<{ name: string }>(
    database.db,
    sql`SELECT attname AS name FROM pg_attribute
        WHERE attrelid = 'stones'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attname`,
  );
  return found.map((r) => r.name);
}

/** 300 stones written as an upload writes them, and the stones' statistics wiped after. */
async function uploadWithoutStatistics(prefix: string) {
  await bulkWriteStones(database.db, stonesNamed(prefix, 300), {
    onExisting: 'update',
    tuning: { embeddedQuietMs: 0 },
  });
  await database.db.execute(sql`DELETE FROM pg_statistic WHERE starelid = 'stones'::regclass`);
}

describe('[STOCK] bulk write of an upload', () => {
  it('writes every stone a batch at a time, telling how many are written after each batch', async () => {
    const rows = stonesNamed('BULK-A', 1_050);
    const seen: number[] = [];
    const result = await bulkWriteStones(database.db, rows, {
      onExisting: 'update',
      progress: (written) => {
        seen.push(written);
      },
      tuning: { copyBatch: 400, embeddedBatch: 400, embeddedCalmBatch: 400, embeddedQuietMs: 0 },
    });
    expect(result).toEqual({ inserted: 1_050, updated: 0, skipped: 0 });
    expect(seen).toEqual([400, 800, 1_050]);
    const [odd] = await database.db
      .select({ comments: stones.reportComments })
      .from(stones)
      .where(sql`lot_id = 'BULK-A0007'`);
    expect(odd?.comments).toBe('a tab\there, a line\nbreak, a \\ and "quotes"');

    const again = await bulkWriteStones(database.db, rows, { onExisting: 'update' });
    expect(again).toEqual({ inserted: 0, updated: 1_050, skipped: 0 });
  });

  it('gives each new stone an id of its own, which an update of the stone keeps', async () => {
    const rows = stonesNamed('BULK-I', 300);
    const idsByLot = async () => {
      const found = await database.db
        .select({ id: stones.id, lotId: stones.lotId, comments: stones.reportComments })
        .from(stones)
        .where(sql`lot_id LIKE 'BULK-I%'`);
      return new Map(found.map((row) => [row.lotId, row]));
    };
    await bulkWriteStones(database.db, rows, { onExisting: 'update', tuning: { embeddedQuietMs: 0 } });
    const written = await idsByLot();
    expect(written.size).toBe(300);
    expect(new Set([...written.values()].map((row) => row.id)).size).toBe(300);

    // Every row changed, so every stone is updated rather than left as it was.
    const revised = rows.map((row) => ({ ...row, reportComments: 'Revised by the supplier' }));
    const again = await bulkWriteStones(database.db, revised, { onExisting: 'update' });
    expect(again).toEqual({ inserted: 0, updated: 300, skipped: 0 });
    const updated = await idsByLot();
    for (const [lotId, row] of written) {
      expect(updated.get(lotId)).toEqual({ ...row, comments: 'Revised by the supplier' });
    }
  });

  it('leaves nothing behind on PostgreSQL when a batch fails; on PGlite the same write again completes it', async () => {
    const rows = stonesNamed('BULK-B', 900);
    const failing = bulkWriteStones(database.db, rows, {
      onExisting: 'update',
      progress: (written) => {
        if (written > 0) throw new Error('the database went away');
      },
      tuning: { copyBatch: 400, embeddedBatch: 400, embeddedCalmBatch: 400, embeddedQuietMs: 0 },
    });
    await expect(failing).rejects.toThrow('the database went away');
    if (isEmbedded(database.db)) {
      // One connection: each batch is a statement of its own, so the first stays; the job runs again.
      expect(await countOf('BULK-B')).toBe(400);
      await bulkWriteStones(database.db, rows, { onExisting: 'update' });
      expect(await countOf('BULK-B')).toBe(900);
    } else {
      expect(await countOf('BULK-B')).toBe(0);
    }
  });

  it('on PGlite writes in short steps while requests come and in long ones once none has come for a while', async () => {
    const stepsOf = async (prefix: string, calmMs: number) => {
      const seen: number[] = [];
      buyerSearched();
      await bulkWriteStones(database.db, stonesNamed(prefix, 900), {
        onExisting: 'update',
        progress: (written) => {
          seen.push(written);
        },
        tuning: { copyBatch: 900, embeddedBatch: 300, embeddedCalmBatch: 900, embeddedCalmMs: calmMs },
      });
      return seen;
    };
    const embedded = isEmbedded(database.db);
    expect(await stepsOf('BULK-C', 60_000)).toEqual(embedded ? [300, 600, 900] : [900]);
    expect(await stepsOf('BULK-D', 0)).toEqual([900]);
    expect(await countOf('BULK-C')).toBe(900);
    expect(await countOf('BULK-D')).toBe(900);
  });

  it('writes nothing while a search is under way, and goes on once it is answered (decisions 062, 071)', async () => {
    const answered = noteRequest();
    let firstWritten = Number.POSITIVE_INFINITY;
    const writing = bulkWriteStones(database.db, stonesNamed('BULK-W', 300), {
      onExisting: 'update',
      progress: () => {
        firstWritten = Math.min(firstWritten, performance.now());
      },
      // A search waited for as long as it takes (by default only while under 100 ms old, 20 ms at a time).
      tuning: { embeddedQuietMs: 0, requests: { patienceMs: 60_000, maxWaitMs: 60_000 } },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(firstWritten).toBe(Number.POSITIVE_INFINITY);
    const answeredAt = performance.now();
    answered();
    await writing;
    expect(firstWritten).toBeGreaterThanOrEqual(answeredAt);
    expect(await countOf('BULK-W')).toBe(300);
  });

  it("refreshes the planner's statistics of every column of stones after an upload (on PGlite a few columns a statement)", async () => {
    await uploadWithoutStatistics('BULK-STATS');
    expect(await analysed()).toEqual([]);

    await refreshStoneStatisticsGivingWay(database.db, { embeddedQuietMs: 0, statisticsCalmMs: 0 });
    const columns = await stoneColumns();
    expect(columns.length).toBeGreaterThan(60);
    expect(await analysed()).toEqual(columns);
  });

  it('refreshes the statistics after an upload once requests pause, one refresh for uploads one after another', async () => {
    await uploadWithoutStatistics('BULK-LATER');
    // A buyer has just searched: on PGlite the refresh waits for a pause.
    buyerSearched();
    const tuning = { embeddedQuietMs: 0, statisticsCalmMs: 50 };
    const refreshing = refreshStoneStatisticsInTurn(database.db, tuning);
    // Another upload done before the refresh began: the same refresh samples its rows too.
    expect(refreshStoneStatisticsInTurn(database.db, tuning)).toBe(refreshing);
    // The stones are there and searchable meanwhile.
    expect(await countOf('BULK-LATER')).toBe(300);

    await refreshing;
    expect(await analysed()).toEqual(await stoneColumns());
    // Asked for once it is over, a refresh of its own.
    const next = refreshStoneStatisticsInTurn(database.db, tuning);
    expect(next).not.toBe(refreshing);
    await next;
  });

  it('refreshes the statistics while buyers search, and leaves every connection of the pool as it was', async () => {
    await uploadWithoutStatistics('BULK-BUSY');
    // On PostgreSQL the vacuum then rests by the cost-based delay, a setting of its connection's own.
    buyerSearched();
    await refreshStoneStatistics(database.db);
    expect(await analysed()).toEqual(await stoneColumns());
    // As many statements at once as the pool has connections (20): each reads the delay unset.
    const delays = await Promise.all(
      Array.from({ length: 20 }, () =>
        rows<{ delay: string }>(
          database.db,
          sql`SELECT current_setting('vacuum_cost_delay') AS delay, pg_sleep(0.05)::text`,
        ),
      ),
    );
    expect(new Set(delays.map(([row]) => row!.delay))).toEqual(new Set(['0']));
  });

  // Last in the file: the database stays hurried once told.
  it('refreshes the statistics still owed when the server closes, without waiting for a pause', async () => {
    await uploadWithoutStatistics('BULK-OWED');
    // Buyers keep searching: on PGlite the refresh would wait up to an hour for a pause.
    buyerSearched();
    const owed = refreshStoneStatisticsInTurn(database.db, {
      embeddedQuietMs: 0,
      statisticsCalmMs: 3_600_000,
      statisticsMaxWaitMs: 3_600_000,
    });
    let settled = false;
    void owed.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (isEmbedded(database.db)) expect(settled).toBe(false);

    // What the app's preClose runs.
    await statisticsRefreshed(database.db, { now: true });
    expect(settled).toBe(true);
    expect(await analysed()).toEqual(await stoneColumns());
  });
});
