/**
 * A signed-in page's first calls, sent by the index page's start script while the HTML is still
 * being read (long before the app's code has loaded and run), and taken over by the API client
 * (issue 18, decision 039). The start script is `startFirstCalls` itself, inlined into the built
 * index page by the `first-calls` build plugin with the plan of routes/dashboard-first-calls.ts.
 */

/** What the start script is given: per screen path, the modules to preload and the GET calls to send. */
export interface FirstCallsPlan {
  tokenKey: string;
  screens: { paths: string[]; modules: string[]; styles: string[]; calls: string[] }[];
}

/** The calls the start script sent, on `window` until the API client takes them. */
interface SentCalls {
  token: string;
  /** When they were sent (the page's clock). */
  sentAt: number;
  calls: Record<string, Promise<Response> | undefined>;
}

const GLOBAL = '__loupeFirstCalls';

/** Sent longer ago than this, an answer is asked again: first calls are for the page's start only. */
const FIRST_CALL_MAX_AGE_MS = 10_000;

/**
 * The start script. Inlined as its source text, so it uses nothing from outside itself (not even
 * GLOBAL) and only what every supported browser runs without the app's code.
 */
export function startFirstCalls(plan: FirstCallsPlan): void {
  try {
    const token = window.localStorage.getItem(plan.tokenKey);
    const screen = plan.screens.find((s) => s.paths.includes(window.location.pathname));
    if (!token || !screen) return;
    const preload = (href: string, rel: string, as?: string) => {
      const link = document.createElement('link');
      link.rel = rel;
      if (as) link.as = as;
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    };
    const calls: Record<string, Promise<Response>> = {};
    for (const url of screen.calls) {
      calls[url] = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
      // Nobody may take it (a customer without KYC has no appointments): no unhandled rejection.
      calls[url].catch(() => undefined);
    }
    Object.assign(window, { __loupeFirstCalls: { token, sentAt: performance.now(), calls } });
    // The calls first: the server's work on them overlaps the browser's loading of the code.
    for (const href of screen.modules) preload(href, 'modulepreload');
    for (const href of screen.styles) preload(href, 'preload', 'style');
  } catch {
    // No storage (a private mode) or no fetch: the app asks for itself, as without this script.
  }
}

/**
 * The answer to `GET url` the start script already asked for with this token, once: the first
 * taker gets it, anyone later asks afresh. None when the page started too long ago.
 */
export function takeFirstCall(url: string, token: string): Promise<Response> | undefined {
  const sent = (window as unknown as Record<string, SentCalls | undefined>)[GLOBAL];
  const answer = sent?.token === token ? sent.calls[url] : undefined;
  if (!sent || !answer) return undefined;
  sent.calls[url] = undefined;
  return performance.now() - sent.sentAt < FIRST_CALL_MAX_AGE_MS ? answer : undefined;
}
