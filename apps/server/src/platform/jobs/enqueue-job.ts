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
  const checked = job.payload.parse(payload);
  const [row] = await db
    .insert(jobs)
    .values({
      name: job.name,
      payload: checked,
      key: options.key ?? null,
      maxAttempts: job.maxAttempts,
      runAt: options.runAt ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id ?? null;
}
