/*
 * The web push part of Darsi's two service workers (decision 210): the main site's (/service-worker.js, scope `/` on
 * the main domain) and the landing pages' (/landing-page-sw.js, scope `/` on a teacher's host), so that whichever
 * owns the page the person turned push on from shows the notification. Both workers are hand-written and small;
 * this part is plain ES5 like them. The payload is the server's own (encrypted to this browser): a title, a body,
 * the page to open, a tag (one notification per event) and the language.
 */
export const PUSH_WORKER_SOURCE = `
self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : '' };
  }
  var title = data.title || 'دَرسي';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag,
      lang: data.lang,
      dir: data.lang === 'ar' ? 'rtl' : 'ltr',
      icon: '/favicon.svg',
      data: { url: data.url || '/' }
    })
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || '/';
  if (!/^https?:\\/\\//.test(url)) url = new URL(url, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i += 1) {
        if (windows[i].url === url && 'focus' in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(url);
    })
  );
});
`;
