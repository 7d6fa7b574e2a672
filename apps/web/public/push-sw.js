// Loupe's push-notification service worker (spec §7): shows the notices the server pushes with
// standard Web Push, and opens the notice's page when the notification is clicked.

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
