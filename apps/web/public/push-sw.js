// Web Push for the service worker (issue 13), loaded by Workbox's generated sw.js through
// importScripts (vite.pwa.ts): it shows what the server sends and opens its link when tapped. It
// caches nothing (decision 018 leaves caching to Workbox). A payload is the contract's PushPayload,
// {title, body, link, tag?}; anything else is shown as LiveMarket's name with no link.

/** Our own pages only: a link to another site, or one that does not parse, opens the home page. */
function ownLink(link) {
  try {
    const url = new URL(typeof link === 'string' ? link : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null;
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title.trim() ? payload.title : 'LiveMarket';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: '/icons/icon-192.png',
    data: { link: ownLink(payload.link) },
  };
  // One notification per tag: a show's "starts in 5 minutes" replaces its "starts in an hour".
  if (typeof payload.tag === 'string' && payload.tag) {
    options.tag = payload.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = ownLink(event.notification.data && event.notification.data.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The page already open: bring it forward.
      const open = windows.find((client) => client.url === link);
      if (open) return open.focus();
      // Another page of ours: take it there (a worker may navigate only the windows it controls).
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client);
      if (ours) {
        try {
          const moved = await ours.navigate(link);
          if (moved) return moved.focus();
        } catch {
          // Not controlled by this worker: open a window instead.
        }
      }
      return self.clients.openWindow(link);
    })(),
  );
});
