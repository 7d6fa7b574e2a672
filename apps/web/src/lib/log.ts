/**
 * The one place the web app writes to the console. Silent in production builds unless the browser
 * holds `loupe.log` = "on" (the e2e suite sets it, and prints what a failed test's page logged);
 * in development it helps to see why a background call (funnel, location) failed without
 * bothering the user.
 */
function asked(): boolean {
  try {
    return globalThis.localStorage?.getItem('loupe.log') === 'on';
  } catch {
    return false;
  }
}

const enabled = (import.meta.env.DEV && import.meta.env.MODE !== 'test') || asked();

export const log = {
  /** Whether lines are written: check it before building a costly message. */
  enabled,
  warn(message: string, detail?: unknown) {
    // biome-ignore lint/suspicious/noConsole: the app's only logger
    if (enabled) console.warn(`[loupe] ${message}`, detail ?? '');
  },
  info(message: string, detail?: unknown) {
    // biome-ignore lint/suspicious/noConsole: the app's only logger
    if (enabled) console.info(`[loupe] ${message}`, detail ?? '');
  },
};
