import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { Log } from '../log.ts';

/** What a handler gets besides its payload: the runner's database, clock and log, and the job. */
export interface JobContext {
  db: Database;
  clock: Clock;
  log: Log;
  jobId: string;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
}

export interface JobOptions {
  /** Runs before the job is left `dead` (default 5). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one twice as long (default 10 s) … */
  backoffMs?: number;
  /** … up to this (default 1 hour). */
  maxBackoffMs?: number;
  /** How long a claim holds; a runner that has not finished by then is taken for dead (default 5 min). */
  leaseMs?: number;
}

export interface JobDefinition<P = unknown> extends Required<JobOptions> {
  name: string;
  payload: z.ZodType<P>;
  handler(payload: P, context: JobContext): Promise<unknown>;
}

/**
 * A kind of background work. The name is what the `jobs` table stores, so keep it once it is in
 * use (`<area>.<verb-noun>`); the schema checks the payload when enqueued and again when run.
 */
export function defineJob<S extends z.ZodType>(
  name: string,
  payload: S,
  handler: (payload: z.output<S>, context: JobContext) => Promise<unknown>,
  options: JobOptions = {},
): JobDefinition<z.output<S>> {
  return {
    name,
    payload: payload as z.ZodType<z.output<S>>,
    handler,
    maxAttempts: options.maxAttempts ?? 5,
    backoffMs: options.backoffMs ?? 10_000,
    maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
    leaseMs: options.leaseMs ?? 300_000,
  };
}

/** When a job that failed its `attempt`-th run is tried again. */
export function retryDelayMs(job: Pick<JobDefinition, 'backoffMs' | 'maxBackoffMs'>, attempt: number) {
  return Math.min(job.backoffMs * 2 ** Math.max(0, attempt - 1), job.maxBackoffMs);
}
