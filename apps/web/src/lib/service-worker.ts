/**
 * The app's one service worker (public/sw.js, decision 027): push notifications and the offline
 * shell. Registered by the built app only, so the dev server and its hot reload never meet it.
 */
export const SERVICE_WORKER_URL = '/sw.js';

/** The build's files this page loaded, for the worker to keep (it did not see the first load). */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${window.location.origin}/assets/`));
}

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'cache-assets', urls: loadedAssets() });
    return registration;
  } catch {
    // Without the worker the app works as before; only the offline reload is the browser's page.
    return null;
  }
}
