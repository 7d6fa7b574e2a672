import { sinceLastRequest } from './http/request-pulse.ts';

/**
 * Milliseconds an upload's CPU work (its read and check, each batch's COPY text, the search index's
 * staging of it) goes on between two turns of the event loop, so searches are answered meanwhile:
 * slices of a number of records held it for 70-300 ms on a loaded machine (decisions 053, 054,
 * 057); a slice of time does not depend on the machine.
 */
const TURN_MS = 5;
/**
 * With `short`, the turn while customers are asking (one began within `BUSY_MS`): a search needs
 * several turns of the loop (its request, each statement's answer, its reply) and waits for the
 * slice under way at each (decision 057). For work beside PostgreSQL only: on PGlite a search's
 * own statements hold the thread, and shorter turns only gave the upload less of it (its report
 * came later, with more searches waiting behind its steps).
 */
const SHORT_TURN_MS = 1;
const BUSY_MS = 1_000;

/**
 * A pause for the event loop once `TURN_MS` of work has gone by since the last one (with `short`,
 * `SHORT_TURN_MS` while customers are asking): call it in the loop and await what it answers, when
 * it answers one (nothing while the slice lasts: no await per record).
 */
export function givingWay(short = false): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    const worked = performance.now() - since;
    if (worked < TURN_MS && (!short || worked < SHORT_TURN_MS || sinceLastRequest() > BUSY_MS))
      return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
