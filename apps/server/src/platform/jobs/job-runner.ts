import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import { type Database, rows } from '../db/client.ts';
import { jobSchedules, jobs } from '../db/schema/index.ts';
import type { Log } from '../log.ts';
import { type Cadence, cadenceText, firstRunAt, nextRunAfter } from './cadence.ts';
import { defineJob, type JobDefinition, retryDelayMs } from './define-job.ts';
import { enqueueJob } from './enqueue-job.ts';

/** A job run on a cadence; its payload is empty. */
export interface JobSchedule {
  job: JobDefinition<Record<string, never>>;
  cadence: Cadence;
}

export interface JobRunner {
  /** Polls for due work until stopped (every instance runs one). */
  start(): void;
  /**
   * Looks for due work now rather than at the next poll (a job just enqueued that someone waits
   * for, such as an upload's import); while a pass is under way, that pass or the next poll
   * takes it. Does nothing while the runner is not started.
   */
  wake(): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
  /**
   * One pass now, after any pass under way: enqueues the schedules that are due by the clock and
   * runs every due job until none is left. Tests call it after moving the test clock.
   */
  runDue(options?: PassOptions): Promise<JobPass>;
}

export interface JobPass {
  /** Runs that finished, and runs that threw (to be retried, or now dead). */
  ran: number;
  failed: number;
}

/** A pass limited to some jobs (the command line runs the import it started, nothing else). */
export interface PassOptions {
  only?: readonly string[];
}

const DAY = 86_400_000;

/** Finished jobs are kept a week and dead ones a month for a look, then removed. */
const pruneJobs = defineJob('jobs.prune', z.object({}), async (_, { db, clock }) => {
  const now = clock.now().getTime();
  await db.delete(jobs).where(and(eq(jobs.state, 'done'), lte(jobs.finishedAt, new Date(now - 7 * DAY))));
  await db.delete(jobs).where(and(eq(jobs.state, 'dead'), lte(jobs.finishedAt, new Date(now - 30 * DAY))));
});

const PRUNE_SCHEDULE: JobSchedule = { job: pruneJobs, cadence: { dailyAtUtc: '03:17' } };

interface ClaimedJob extends Record<string, unknown> {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
}

/**
 * Runs the jobs of the `jobs` table that this instance knows. Claims are atomic (one UPDATE over
 * a `FOR UPDATE SKIP LOCKED` selection), so with several instances each job runs once; a claim is
 * a lease, and a job whose runner died is taken over when the lease ends. Works the same on PGlite
 * and PostgreSQL (decision 013).
 */
export function createJobRunner(options: {
  db: Database;
  clock: Clock;
  log: Log;
  jobs: readonly JobDefinition<unknown>[];
  schedules?: readonly JobSchedule[];
  /** How often the runner looks for due work (default 1 s). */
  pollIntervalMs?: number;
  /** Jobs claimed, and run side by side, at once (default 5). */
  batchSize?: number;
  /**
   * Whether the runner's own polling enqueues the schedules that are due (default yes). Test apps
   * say no: their clock moves when a test moves it, and a schedule then runs when the test asks
   * (`runDue()`), not in the background beside what the test is checking. Jobs run either way.
   */
  pollSchedules?: boolean;
}): JobRunner {
  const { db, clock, log } = options;
  const schedules = [...(options.schedules ?? []), PRUNE_SCHEDULE];
  const known = new Map<string, JobDefinition<unknown>>();
  for (const job of [...options.jobs, ...schedules.map((s) => s.job as JobDefinition<unknown>)]) {
    const same = known.get(job.name);
    if (same && same !== job) throw new Error(`two jobs are named ${job.name}`);
    known.set(job.name, job);
  }
  const names = [...known.keys()];
  const batchSize = options.batchSize ?? 5;
  let installed: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = true;

  /** Writes each schedule's row once; a schedule whose cadence changed is due afresh. */
  async function installSchedules() {
    const now = clock.now();
    for (const { job, cadence } of schedules) {
      const text = cadenceText(cadence);
      await db
        .insert(jobSchedules)
        .values({ name: job.name, cadence: text, nextRunAt: firstRunAt(cadence, now) })
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: { cadence: text, nextRunAt: firstRunAt(cadence, now) },
          setWhere: sql`${jobSchedules.cadence} <> ${text}`,
        });
    }
  }

  /** Moves each due schedule on and enqueues its run, in one transaction: only one runner wins. */
  async function enqueueDueSchedules() {
    const now = clock.now();
    const due = await db
      .select({ name: jobSchedules.name })
      .from(jobSchedules)
      .where(
        and(
          inArray(
            jobSchedules.name,
            schedules.map((s) => s.job.name),
          ),
          lte(jobSchedules.nextRunAt, now),
        ),
      );
    for (const { name } of due) {
      const schedule = schedules.find((s) => s.job.name === name)!;
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(jobSchedules)
          .set({ nextRunAt: nextRunAfter(schedule.cadence, now) })
          .where(and(eq(jobSchedules.name, name), lte(jobSchedules.nextRunAt, now)))
          .returning({ name: jobSchedules.name });
        // A run still pending (the runners are behind) is not doubled: one key per schedule.
        if (moved) await enqueueJob(tx, schedule.job, {}, { key: 'schedule' });
      });
    }
  }

  const namesIn = (wanted: readonly string[]) =>
    sql.join(
      wanted.map((n) => sql`${n}`),
      sql`, `,
    );

  /**
   * A job whose lease ran out on its last allowed attempt is not run again: it is dead. Once a
   * pass (the claims pass it over meanwhile).
   */
  async function buryExpired(wanted: readonly string[]) {
    const at = clock.now().toISOString();
    await db.execute(sql`
      UPDATE jobs SET state = 'dead', finished_at = ${at}, locked_by = NULL, locked_until = NULL,
        last_error = coalesce(last_error || E'\n', '') || 'the runner stopped before the job finished'
      WHERE state = 'running' AND locked_until <= ${at} AND attempts >= max_attempts
        AND name IN (${namesIn(wanted)})`);
  }

  /**
   * Takes up to a batch of due jobs (and jobs whose runner's lease ran out with attempts left) for
   * this runner.
   */
  async function claim(token: string, wanted: readonly string[]): Promise<ClaimedJob[]> {
    const now = clock.now();
    const at = now.toISOString();
    const leases = sql.join(
      wanted.map((n) => sql`WHEN ${n} THEN ${known.get(n)!.leaseMs}::integer`),
      sql` `,
    );
    return rows<ClaimedJob>(
      db,
      sql`
        UPDATE jobs
        SET state = 'running', attempts = attempts + 1, locked_by = ${token},
            locked_until = ${at}::timestamptz + (CASE name ${leases} END) * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM jobs
          WHERE name IN (${namesIn(wanted)})
            AND ((state = 'pending' AND (run_at IS NULL OR run_at <= ${at}))
              OR (state = 'running' AND locked_until <= ${at} AND attempts < max_attempts))
          ORDER BY run_at NULLS FIRST, created_at
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, name, payload, attempts`,
    );
  }

  /** Runs one claimed job and records how it went; answers whether it succeeded. */
  async function execute(row: ClaimedJob, token: string): Promise<boolean> {
    const job = known.get(row.name)!;
    const jobLog = log.child({ job: row.name, jobId: row.id, attempt: row.attempts });
    try {
      const payload = job.payload.parse(row.payload);
      await job.handler(payload as never, { db, clock, log: jobLog, jobId: row.id, attempt: row.attempts });
      await db.execute(sql`
        UPDATE jobs SET state = 'done', finished_at = ${clock.now().toISOString()}, locked_by = NULL, locked_until = NULL
        WHERE id = ${row.id} AND locked_by = ${token}`);
      return true;
    } catch (err) {
      const now = clock.now();
      const dead = row.attempts >= job.maxAttempts;
      const retryAt = new Date(now.getTime() + retryDelayMs(job, row.attempts)).toISOString();
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      // A newer pending job of the same key will do the work: this one steps aside as done.
      await db.execute(sql`
        UPDATE jobs SET
          state = CASE
            WHEN ${dead} THEN 'dead'
            WHEN key IS NOT NULL AND EXISTS (
              SELECT 1 FROM jobs newer
              WHERE newer.name = jobs.name AND newer.key = jobs.key AND newer.state = 'pending'
            ) THEN 'done'
            ELSE 'pending' END,
          run_at = ${retryAt}, last_error = ${message.slice(0, 4000)},
          finished_at = CASE WHEN ${dead} THEN ${now.toISOString()}::timestamptz END,
          locked_by = NULL, locked_until = NULL
        WHERE id = ${row.id} AND locked_by = ${token}`);
      if (dead) jobLog.error({ err }, 'job failed for the last time; it is dead');
      else jobLog.warn({ err, retryAt }, 'job failed; it will be retried');
      return false;
    }
  }

  async function pass(options: PassOptions): Promise<JobPass> {
    const wanted = options.only ? names.filter((name) => options.only!.includes(name)) : names;
    // The schedules are written by the first pass that enqueues them, at its clock: a test app's
    // polls (limited to the known jobs) leave them to the test's first runDue().
    if (!options.only) {
      installed ??= installSchedules().catch((err) => {
        installed = undefined;
        throw err;
      });
      await installed;
      await enqueueDueSchedules();
    }
    const result: JobPass = { ran: 0, failed: 0 };
    if (wanted.length === 0) return result;
    await buryExpired(wanted);
    for (;;) {
      const token = randomUUID();
      const claimed = await claim(token, wanted);
      if (claimed.length === 0) return result;
      const outcomes = await Promise.all(claimed.map((row) => execute(row, token)));
      for (const ok of outcomes) result[ok ? 'ran' : 'failed'] += 1;
    }
  }

  function runDue(options: PassOptions = {}): Promise<JobPass> {
    const next = running.then(async () => {
      busy = true;
      try {
        return await pass(options);
      } finally {
        busy = false;
      }
    });
    running = next.catch(() => {});
    return next;
  }

  /** A pass limited to the known jobs enqueues no schedule. */
  const polled: PassOptions = options.pollSchedules === false ? { only: names } : {};

  function tick() {
    if (stopped || busy) return;
    runDue(polled).catch((err) => log.error({ err }, 'job runner pass failed'));
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(tick, options.pollIntervalMs ?? 1000);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    wake: tick,
    runDue,
  };
}
