/**
 * A signed-in page's first calls, sent by the index page's start script while the HTML is still
 * being read (long before the app's code has loaded and run), and handed to the API client
 * (issue 18, decision 039). The start script is `startFirstCalls` itself, inlined into the built
 * index page by the `first-calls` build plugin with the plan of app/first-calls-plan.ts; what the
 * app's own bundle adds is `takeFirstCall`, a line (the login page's bytes, decision 030).
 */

/**
 * What the start script is given: per screen path, the modules to preload and the GET calls to
 * send; `approvedCalls` only when the app noted that the customer's KYC is approved
 * (`approvedKey`: lib/auth-token.ts), since anyone else is refused them.
 */
export interface FirstCallsPlan {
  tokenKey: string;
  approvedKey: string;
  screens: {
    paths: string[];
    modules: string[];
    styles: string[];
    calls: string[];
    approvedCalls: string[];
  }[];
}

/** What the start script leaves on `window`: the answer to `GET url` asked with `token`, once. */
type Take = (url: string, token: string) => Promise<Response> | undefined;

/**
 * The start script. Inlined as its source text, so it uses nothing from outside itself and only
 * what every supported browser runs without the app's code. An answer is handed over once: the
 * first taker gets it, anyone later asks afresh (the answers never become a cache), and none is
 * handed over 10 s after it was sent (first calls are for the page's start only).
 */
export function startFirstCalls(plan: FirstCallsPlan): void {
  try {
    const token = window.localStorage.getItem(plan.tokenKey);
    const screen = plan.screens.find((s) => s.paths.includes(window.location.pathname));
    if (!token || !screen) return;
    // The code first: over HTTP/1.1's six connections, calls sent first held the code back until
    // they were answered (decision 041); the server answers the files at once, then the calls.
    const preload = (href: string, rel: string, as?: string) => {
      const link = document.createElement('link');
      link.rel = rel;
      if (as) link.as = as;
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    };
    for (const href of screen.modules) preload(href, 'modulepreload');
    for (const href of screen.styles) preload(href, 'preload', 'style');
    const sentAt = performance.now();
    const calls: Record<string, Promise<Response> | undefined> = {};
    const approved = window.localStorage.getItem(plan.approvedKey) === '1';
    for (const url of approved ? screen.calls.concat(screen.approvedCalls) : screen.calls) {
      const answer = fetch(url, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      });
      // Nobody may take it (the app asked before the script's answer came): no unhandled rejection.
      answer.catch(() => undefined);
      calls[url] = answer;
    }
    const take: Take = (url, by) => {
      const answer = by === token && performance.now() - sentAt < 10_000 ? calls[url] : undefined;
      calls[url] = undefined;
      return answer;
    };
    Object.assign(window, { __loupeFirstCalls: take });
  } catch {
    // No storage (a private mode) or no fetch: the app asks for itself, as without this script.
  }
}

/** The answer to `GET url` the start script already asked for with this token, if it is still to be had. */
export const takeFirstCall: Take = (url, token) =>
  (window as unknown as { __loupeFirstCalls?: Take }).__loupeFirstCalls?.(url, token);
