import { requestsAnswered, sinceLastRequest } from './http/request-pulse.ts';

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

/** Whether a customer's request began within `BUSY_MS`. */
export const customersAsking = () => sinceLastRequest() <= BUSY_MS;
/**
 * Beside PostgreSQL, between two short turns the work also waits for the requests under way to be
 * answered (decision 062), each from its first hook (its authentication) until its answer has been
 * sent: a search then has the cores to itself instead of sharing them with the upload's turns and
 * the statements they feed the database. On PGlite an upload's steps wait the same way before each
 * statement (decision 071). A request under way for 100 ms is not waited for (an export, a file),
 * nor is any wait longer than 20 ms at a time, so a portal that is never idle still gets its upload
 * done.
 */
export interface RequestWait {
  /** A request under way for this long is not waited for. */
  patienceMs: number;
  /** Nor is any wait longer than this at a time. */
  maxWaitMs: number;
}
export const REQUEST_WAIT: RequestWait = { patienceMs: 100, maxWaitMs: 20 };

/** The upload's next step waits for the customers' requests under way (see `REQUEST_WAIT`). */
export function afterRequests(wait = REQUEST_WAIT): Promise<void> | undefined {
  return requestsAnswered(wait.patienceMs, wait.maxWaitMs);
}

/** The longest rest after one statement (a merge of 5,000 stones takes 50-200 ms). */
const REST_MAX_MS = 200;

/**
 * Background statements beside PostgreSQL (an upload's merges) run in the database at full speed
 * and cannot give way midway: while customers are asking, the work rests after each for as long as
 * it took, then waits for the requests under way, so the database's share of the cores is halved
 * for the searches meanwhile (decision 062). Nothing changes while nobody is asking.
 */
export async function restingAfter<T>(statement: () => Promise<T>, wait = REQUEST_WAIT): Promise<T> {
  const began = performance.now();
  const result = await statement();
  if (customersAsking()) {
    const rest = Math.min(REST_MAX_MS, performance.now() - began);
    await new Promise((resolve) => setTimeout(resolve, rest));
    await afterRequests(wait);
  }
  return result;
}

/**
 * A pause for the event loop once `TURN_MS` of work has gone by since the last one (with `short`,
 * `SHORT_TURN_MS` while customers are asking): call it in the loop and await what it answers, when
 * it answers one (nothing while the slice lasts: no await per record).
 */
export function givingWay(short = false, wait = REQUEST_WAIT): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    const worked = performance.now() - since;
    if (worked < SHORT_TURN_MS) return undefined;
    const asking = short && customersAsking();
    if (!asking && worked < TURN_MS) return undefined;
    return (async () => {
      if (asking) await afterRequests(wait);
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    })();
  };
}
