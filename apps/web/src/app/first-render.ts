/**
 * A signed-in load's start (main.tsx): the shell's and the screen's code, and the data the screen
 * shows first (the dashboard's cards), asked for while React starts.
 */
export interface ScreenStart {
  code: Promise<unknown>;
  /** Settles once the screen's first data is in the query cache, answered or failed. */
  firstData?: Promise<unknown>;
}

/**
 * How long the first render waits for the screen's first data once the code is here. On a returning
 * visit the code comes from the browser's cache and has run before the answers are read: drawn at
 * once, every card showed a spinner, the shell's own calls (realtime, notices, tour, side bar)
 * started beside the cards' and the cards were drawn a second time when their data came (decision
 * 065). Past this wait the screen is drawn with its spinners, as before.
 */
export const FIRST_DATA_WAIT_MS = 300;

/**
 * Settles when React should first render a signed-in screen: once its code is here and its first
 * data is in the cache, or `waitMs` after the code when the data is later. A failed call does not
 * hold it (the screen shows the failure), nor a screen without first data.
 */
export function firstRenderReady(start: ScreenStart, waitMs = FIRST_DATA_WAIT_MS): Promise<void> {
  const data = start.firstData?.then(
    () => undefined,
    () => undefined,
  );
  return start.code.then(() => {
    if (!data) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    return Promise.race([data, waited]).finally(() => clearTimeout(timer));
  });
}
