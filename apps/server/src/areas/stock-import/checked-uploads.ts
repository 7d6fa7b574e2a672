import type { CheckedFile } from './import-stones.ts';

/**
 * Uploads checked by the import route, handed to their job when it runs on the same instance
 * (the usual case: every instance polls for jobs), so the job need not read and
 * check 54,000 rows a second time (about a second of the one thread: decision 036). A job on
 * another instance, or a second attempt, finds nothing here and checks the kept file again.
 */

interface Kept {
  checked: CheckedFile;
  timer: NodeJS.Timeout;
}

const kept = new Map<string, Kept>();

/** Uploads kept at once; an older one is let go (its job checks the file again). */
const MAX_KEPT = 4;
/** An upload whose job has not started by then is let go. */
const KEEP_MS = 10 * 60_000;

export function keepCheckedUpload(importId: string, checked: CheckedFile) {
  if (kept.size >= MAX_KEPT) {
    const [oldest] = kept.keys();
    if (oldest !== undefined) takeCheckedUpload(oldest);
  }
  const timer = setTimeout(() => takeCheckedUpload(importId), KEEP_MS);
  timer.unref();
  kept.set(importId, { checked, timer });
}

/** The upload as the route checked it, once; undefined when this instance does not hold it. */
export function takeCheckedUpload(importId: string): CheckedFile | undefined {
  const found = kept.get(importId);
  if (!found) return undefined;
  clearTimeout(found.timer);
  kept.delete(importId);
  return found.checked;
}
