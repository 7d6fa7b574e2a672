// Loupe's service worker, one per origin (decision 027):
// - push notifications (spec §7): shows the notices the server pushes with standard Web Push, and
//   opens the notice's page when the notification is clicked;
// - the offline shell (spec §8 "Connectivity"): a page loaded while offline gets the app's last
//   index page and its files from the cache, so the app starts and says "No internet connection.
//   Please check your network and try again." instead of the browser's error page.
// Only page loads and the build's hashed files (/assets/, not /assets/360/) are answered here; API
// calls, the realtime socket, media and everything else go to the network untouched, never cached.

const SHELL_CACHE = 'loupe-shell-v1';
const ASSET_CACHE = 'loupe-assets-v1';
const SHELL_URL = '/';
const OFFLINE_MESSAGE = 'No internet connection. Please check your network and try again.';
/** The paths the single-page app answers (the server's webAppPath). */
const APP_PATH = /^\/(v2(\/.*)?)?$/;

const isBuildAsset = (url) =>
  url.origin === self.location.origin &&
  url.pathname.startsWith('/assets/') &&
  !url.pathname.startsWith('/assets/360/');

async function cacheAssets(urls) {
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(
    urls
      .map((href) => new URL(href, self.location.origin))
      .filter(isBuildAsset)
      .map(async (url) => {
        if (await cache.match(url.href)) return;
        try {
          const response = await fetch(url.href);
          if (response.ok) await cache.put(url.href, response);
        } catch {
          // Offline or gone: it is fetched again next time.
        }
      }),
  );
}

/** Keeps the index page as the shell, with the files it names. */
async function keepShell(response) {
  const type = response.headers.get('content-type') || '';
  if (!response.ok || !type.includes('text/html')) return;
  const html = await response.clone().text();
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(SHELL_URL, response);
  await cacheAssets([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]));
}

function offlinePage() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No internet connection · Loupe</title><style>body{font:15px/1.5 system-ui,sans-serif;color:#1f2937;display:grid;place-items:center;min-height:100vh;margin:0;background:#f4f6f9}main{max-width:420px;padding:24px;text-align:center}a{color:#0b5d56}</style></head><body><main><h1>No internet connection</h1><p role="alert">${OFFLINE_MESSAGE}</p><p><a href="">Try again</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

async function pageLoad(event) {
  const { request } = event;
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (APP_PATH.test(url.pathname)) event.waitUntil(keepShell(response.clone()).catch(() => undefined));
    return response;
  } catch {
    if (APP_PATH.test(url.pathname)) {
      const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
      if (shell) return shell;
    }
    return offlinePage();
  }
}

async function buildAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(SHELL_URL, { cache: 'no-store' })
      .then(keepShell)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = [SHELL_CACHE, ASSET_CACHE];
      for (const name of await caches.keys()) {
        if (name.startsWith('loupe-') && !keep.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageLoad(event));
  } else if (isBuildAsset(url)) {
    event.respondWith(buildAsset(request));
  }
});

// The page names the files it loaded before this worker controlled it (its first visit).
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'cache-assets' && Array.isArray(data.urls)) {
    event.waitUntil(cacheAssets(data.urls.filter((u) => typeof u === 'string')));
  }
});

self.addEventListener('push', (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    notice = null;
  }
  if (!notice || typeof notice.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.message,
      icon: notice.icon_url || '/images/loupe-192.png',
      tag: notice.notice_id,
      data: { url: notice.url || '/v2' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/v2', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
