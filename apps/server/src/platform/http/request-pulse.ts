/**
 * When this process last began answering a customer's or a visitor's request (operator routes
 * not: an operator following an upload's progress is not someone to give way to). Background work
 * on the embedded database's one thread reads it to size its steps: large ones while nobody is
 * asking anything, short ones as soon as someone is (decision 046). One clock per process, as the
 * thread it describes.
 */
let lastRequestAt = Number.NEGATIVE_INFINITY;

export function noteRequest() {
  lastRequestAt = performance.now();
}

/** Milliseconds since the last request began (Infinity before the first). */
export function sinceLastRequest(): number {
  return performance.now() - lastRequestAt;
}
