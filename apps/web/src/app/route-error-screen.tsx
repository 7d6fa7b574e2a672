import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../lib/error-text';

/** Last resort when a screen crashes or its code cannot be loaded (e.g. after a deploy). */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message);
  return (
    <div className="page empty-state" role="alert">
      <title>{`${GENERIC_ERROR_MESSAGE} · Loupe`}</title>
      <h1 className="page-title">{GENERIC_ERROR_MESSAGE}</h1>
      <p className="page-subtitle">
        {chunkFailed
          ? // A screen's code also fails to load when the connection drops mid-way: no new version then.
            navigator.onLine
            ? 'A new version of Loupe is available. Reload the page to continue.'
            : NETWORK_ERROR_MESSAGE
          : 'The page ran into a problem. Reloading usually helps.'}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
