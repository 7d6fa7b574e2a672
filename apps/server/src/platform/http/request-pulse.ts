/**
 * When this process last began answering a customer's or a visitor's request, and which it is
 * answering now (operator routes not: an operator following an upload's progress is not someone
 * to give way to). Background work reads it to size its steps: large ones while nobody is asking
 * anything, short ones as soon as someone is (decision 046), and beside PostgreSQL an upload waits
 * between its steps for the requests under way to be answered (decision 062). A request is under
 * way from its route's first hook until its answer has been sent or its connection cut
 * (`registerRoute`): its authentication, its body and the sending of its answer are as much a
 * search's time as its handler (decision 064). One clock per process, as the thread it describes.
 */
let lastRequestAt = Number.NEGATIVE_INFINITY;

/** The requests being answered, by a number of their own: when each began. */
const answering = new Map<number, number>();
let nextRequest = 0;
/** Who waits for the requests under way to be answered (`requestsAnswered`). */
let waiters: Array<() => void> = [];

/**
 * A request begins; the function answered ends it, once its answer has been sent or its connection
 * closed (calling it again changes nothing).
 */
export function noteRequest(): () => void {
  lastRequestAt = performance.now();
  const request = nextRequest++;
  answering.set(request, lastRequestAt);
  return () => {
    if (!answering.delete(request)) return;
    // Each waiter looks again: the requests left may all be past its patience.
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
}

/** Milliseconds since the last request began (Infinity before the first). */
export function sinceLastRequest(): number {
  return performance.now() - lastRequestAt;
}

/**
 * Resolves once no request is being answered, or once each still under way has been for
 * `patienceMs` (a long one, an export or a file being sent, is not waited for), and in any case
 * after `maxWaitMs`; `undefined` when none under way is younger than `patienceMs` (no await needed).
 */
export function requestsAnswered(patienceMs: number, maxWaitMs: number): Promise<void> | undefined {
  const youngUntil = () => {
    let until = 0;
    for (const began of answering.values()) until = Math.max(until, began + patienceMs);
    return until;
  };
  const started = performance.now();
  if (youngUntil() <= started) return undefined;
  return new Promise<void>((resolve) => {
    const check = () => {
      const now = performance.now();
      const until = Math.min(youngUntil(), started + maxWaitMs);
      if (until <= now) return resolve();
      const timer = setTimeout(wake, until - now);
      function wake() {
        clearTimeout(timer);
        waiters = waiters.filter((waiter) => waiter !== wake);
        check();
      }
      waiters.push(wake);
    };
    check();
  });
}
