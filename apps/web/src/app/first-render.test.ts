import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_DATA_WAIT_MS, firstRenderReady } from './first-render';

/** A promise and the hands that settle it. */
function later<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Whether the promise has settled once the queued work has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the first render of a signed-in screen', () => {
  afterEach(() => vi.useRealTimers());

  it('waits, once the code is here, for the data the screen shows first, so it is drawn once with it', async () => {
    vi.useFakeTimers();
    const code = later();
    const data = later();
    const ready = firstRenderReady({ code: code.promise, firstData: data.promise });
    code.resolve();
    expect(await settled(ready)).toBe(false);
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 50);
    data.resolve();
    expect(await settled(ready)).toBe(true);
  });

  it('waits for the code however early the data came', async () => {
    vi.useFakeTimers();
    const code = later();
    const ready = firstRenderReady({ code: code.promise, firstData: Promise.resolve() });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settled(ready)).toBe(false);
    code.resolve();
    expect(await settled(ready)).toBe(true);
  });

  it('draws the screen with its spinners when the data is later than the wait after the code', async () => {
    vi.useFakeTimers();
    const ready = firstRenderReady({ code: Promise.resolve(), firstData: later().promise });
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(await settled(ready)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(ready)).toBe(true);
  });

  it('is not held by a failed call, nor for a screen without first data', async () => {
    vi.useFakeTimers();
    const data = later();
    const ready = firstRenderReady({ code: Promise.resolve(), firstData: data.promise });
    data.reject(new Error('offline'));
    expect(await settled(ready)).toBe(true);
    expect(await settled(firstRenderReady({ code: Promise.resolve() }))).toBe(true);
  });
});
