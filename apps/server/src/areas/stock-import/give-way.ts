/**
 * Milliseconds an upload's read and check work between two turns of the event loop, so searches
 * are answered meanwhile: slices of a number of records held it for 70-300 ms on a loaded machine
 * (decisions 053, 054); a slice of time does not depend on the machine.
 */
const TURN_MS = 5;

/**
 * A pause for the event loop once `TURN_MS` of work has gone by since the last one: call it in the
 * loop and await what it answers, when it answers one (nothing while the slice lasts: no await per record).
 */
export function givingWay(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < TURN_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
