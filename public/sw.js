/*
 * Tafrij service worker (scope /): web push only, no caching and no fetch handler.
 * The worker's messages (worker/push/deliver.ts PushMessage) are JSON:
 * { title, body, icon, badge, image, url, tag, lang, dir, contentId }.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const options = {
    body: message.body || '',
    icon: message.icon || '/icons/icon-192.png',
    badge: message.badge,
    image: message.image,
    tag: message.tag,
    lang: message.lang,
    dir: message.dir || 'auto',
    data: { url: message.url || '/' },
  };
  event.waitUntil(self.registration.showNotification(message.title || 'Tafrij', options));
});

/** A click opens the notification's URL: the tab already there is focused, else an open tab of the site goes there, else a new window. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = tabs.find((tab) => tab.url === url);
      if (same) return same.focus();
      const ours = tabs.find((tab) => new URL(tab.url).origin === self.location.origin && 'navigate' in tab);
      if (ours) {
        try {
          const moved = await ours.navigate(url);
          if (moved) return moved.focus();
        } catch {
          // not controlled by this worker yet: open a window instead
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});
