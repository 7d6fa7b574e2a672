import type { Executor } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { JobDefinition } from './define-job.ts';

export interface EnqueueOptions {
  /** Idempotency: while a job of this name and key is pending, enqueuing another does nothing. */
  key?: string;
  /** Not before this moment (by the caller's clock); default: as soon as a runner is free. */
  runAt?: Date;
}

/**
 * Puts a job in the queue. Given the caller's transaction, the job exists if and only if that
 * transaction commits, so "do this, then email that" can never half happen. Answers the job's id,
 * or null when a pending job of the same key was there already.
 */
export async function enqueueJob<P>(
  db: Executor,
  job: JobDefinition<P>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [id] = await enqueueJobs(db, job, [payload], options);
  return id ?? null;
}

/**
 * Puts several runs of one job in the queue in one statement (a batch of notices' emails), as
 * `enqueueJob` puts one. Answers the ids of the jobs enqueued.
 */
export async function enqueueJobs<P>(
  db: Executor,
  job: JobDefinition<P>,
  payloads: readonly P[],
  options: EnqueueOptions = {},
): Promise<string[]> {
  if (payloads.length === 0) return [];
  const inserted = await db
    .insert(jobs)
    .values(
      payloads.map((payload) => ({
        name: job.name,
        payload: job.payload.parse(payload),
        key: options.key ?? null,
        maxAttempts: job.maxAttempts,
        runAt: options.runAt ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return inserted.map((row) => row.id);
}
