/**
 * Durable jobs and schedules in the database (decision 013): define a job, enqueue it in the
 * caller's transaction, and every instance's runner runs it once.
 */
export type { Cadence } from './cadence.ts';
export { defineJob, type JobContext, type JobDefinition, type JobOptions } from './define-job.ts';
export { type EnqueueOptions, enqueueJob, enqueueJobs } from './enqueue-job.ts';
export {
  createJobRunner,
  type JobPass,
  type JobRunner,
  type JobSchedule,
  type PassOptions,
} from './job-runner.ts';
