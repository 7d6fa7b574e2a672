import { beforeEach, describe, expect, it, vi } from 'vitest';

type GiveWay = typeof import('./give-way.ts');
type RequestPulse = typeof import('./http/request-pulse.ts');
let afterRequests: GiveWay['afterRequests'];
let givingWay: GiveWay['givingWay'];
let restingAfter: GiveWay['restingAfter'];
/** The default wait, but for at most a minute at a time. */
let minuteWait: GiveWay['REQUEST_WAIT'];
let noteRequest: RequestPulse['noteRequest'];
let requestsAnswered: RequestPulse['requestsAnswered'];

// The clock of requests is one per process, and this worker's other files run apps that ask it:
// each test takes the two modules afresh, with no request of theirs under way.
beforeEach(async () => {
  vi.resetModules();
  let REQUEST_WAIT: GiveWay['REQUEST_WAIT'];
  ({ afterRequests, givingWay, restingAfter, REQUEST_WAIT } = await import('./give-way.ts'));
  minuteWait = { ...REQUEST_WAIT, maxWaitMs: 60_000 };
  ({ noteRequest, requestsAnswered } = await import('./http/request-pulse.ts'));
});

/** Whether `promise` has settled once the event loop has turned a few times. */
async function settled(promise: Promise<unknown> | undefined): Promise<boolean> {
  if (!promise) return true;
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('an upload beside PostgreSQL gives way to the requests under way (decision 062)', () => {
  it('waits for a search being answered and goes on once it is answered', async () => {
    const answered = noteRequest();
    const waiting = afterRequests(minuteWait);
    expect(waiting).toBeDefined();
    expect(await settled(waiting)).toBe(false);
    answered();
    expect(await settled(waiting)).toBe(true);
    // Nothing under way: nothing to wait for.
    expect(afterRequests()).toBeUndefined();
  });

  it('waits for every request under way, not only the first to end', async () => {
    const first = noteRequest();
    const second = noteRequest();
    const waiting = requestsAnswered(60_000, 60_000);
    first();
    expect(await settled(waiting)).toBe(false);
    // Answering the same request twice changes nothing.
    first();
    expect(await settled(waiting)).toBe(false);
    second();
    expect(await settled(waiting)).toBe(true);
  });

  it('goes on when the requests left under way are all past its patience', async () => {
    noteRequest(); // an export under way, never answered in this test
    await new Promise((resolve) => setTimeout(resolve, 300));
    const search = noteRequest();
    const waiting = requestsAnswered(200, 60_000);
    expect(await settled(waiting)).toBe(false);
    search();
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait for a request under way longer than its patience (an export, a file)', async () => {
    const answered = noteRequest();
    try {
      expect(requestsAnswered(0, 60_000)).toBeUndefined();
      // A young request is waited for at most the longest wait, then the work goes on.
      await requestsAnswered(60_000, 5);
      expect(await settled(requestsAnswered(60_000, 60_000))).toBe(false);
    } finally {
      answered();
    }
  });

  it("a short turn's pause, while a search is under way, lasts until it is answered", async () => {
    const answered = noteRequest();
    const giveWay = givingWay(true, minuteWait);
    const started = performance.now();
    while (performance.now() - started < 2);
    const pause = giveWay();
    expect(pause).toBeDefined();
    expect(await settled(pause)).toBe(false);
    answered();
    expect(await settled(pause)).toBe(true);
  });

  it('after a statement, rests and then waits for the requests under way', async () => {
    const answered = noteRequest();
    const statement = restingAfter(async () => 'merged', minuteWait);
    // The rest is as long as the statement took (next to nothing): then the open request holds it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await settled(statement)).toBe(false);
    answered();
    await expect(statement).resolves.toBe('merged');
  });
});
