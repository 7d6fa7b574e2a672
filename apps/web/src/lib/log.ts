/**
 * The one place the web app writes to the console. Silent in production builds; in development
 * it helps to see why a background call (funnel, location) failed without bothering the user.
 */
const enabled = import.meta.env.DEV && import.meta.env.MODE !== 'test';

export const log = {
  warn(message: string, detail?: unknown) {
    // biome-ignore lint/suspicious/noConsole: the app's only logger
    if (enabled) console.warn(`[loupe] ${message}`, detail ?? '');
  },
  info(message: string, detail?: unknown) {
    // biome-ignore lint/suspicious/noConsole: the app's only logger
    if (enabled) console.info(`[loupe] ${message}`, detail ?? '');
  },
};
