import type { CheckedFile } from './import-stones.ts';

/**
 * Uploads checked by the import route, handed to their job when it runs on the same instance
 * (the usual case: every instance polls for jobs, and the route wakes its own runner), so the job
 * need not read and check 54,000 rows a second time (about a second of the one thread: decision
 * 036). A job on another instance, or a second attempt, finds nothing here and checks the kept
 * file again. The app makes one and gives it to the route and to the job.
 */
/** Uploads kept at once; an older one is let go (its job checks the file again). */
const MAX_KEPT = 4;
/** An upload whose job has not started by then is let go. */
const KEEP_MS = 10 * 60_000;

export class CheckedUploads {
  private readonly kept = new Map<string, { checked: CheckedFile; timer: NodeJS.Timeout }>();

  keep(importId: string, checked: CheckedFile) {
    if (this.kept.size >= MAX_KEPT) {
      const [oldest] = this.kept.keys();
      if (oldest !== undefined) this.take(oldest);
    }
    const timer = setTimeout(() => this.take(importId), KEEP_MS);
    timer.unref();
    this.kept.set(importId, { checked, timer });
  }

  /** The upload as the route checked it, once; undefined when this instance does not hold it. */
  take(importId: string): CheckedFile | undefined {
    const found = this.kept.get(importId);
    if (!found) return undefined;
    clearTimeout(found.timer);
    this.kept.delete(importId);
    return found.checked;
  }
}
