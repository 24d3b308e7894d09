/*
 * The web push part of Darsi's two service workers (decision 210): the main site's (/service-worker.js, scope `/` on
 * the main domain) and the landing pages' (/landing-page-sw.js, scope `/` on a teacher's host), so that whichever
 * owns the page the person turned push on from shows the notification. Both workers are hand-written and small;
 * this part is plain ES5 like them. The payload is the server's own (encrypted to this browser): a title, a body,
 * the page to open, a tag (one notification per event) and the language. When the browser replaces or drops the
 * subscription (pushsubscriptionchange), the worker subscribes again with the server's current key and registers it,
 * as the page does on its next start (features/notifications/push-renewal.ts) for a browser that never says so.
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
function darsiKeyBytes(base64url) {
  var text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  var bytes = new Uint8Array(text.length);
  for (var i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function darsiSameKey(subscription, bytes) {
  var used = subscription.options && subscription.options.applicationServerKey;
  if (!used) return false;
  var got = new Uint8Array(used);
  if (got.length !== bytes.length) return false;
  for (var i = 0; i < got.length; i += 1) if (got[i] !== bytes[i]) return false;
  return true;
}

function darsiPost(path, body) {
  return fetch('/api/notifications/push/' + path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  });
}

self.addEventListener('pushsubscriptionchange', function (event) {
  var old = event.oldSubscription;
  var query = old ? '?endpoint=' + encodeURIComponent(old.endpoint) : '';
  var manager = self.registration.pushManager;
  event.waitUntil(
    fetch('/api/notifications/push' + query, { credentials: 'same-origin' })
      .then(function (res) {
        if (!res.ok) throw new Error('push status ' + res.status);
        return res.json();
      })
      .then(function (status) {
        // Another person's device (a shared browser): theirs to renew on their next visit.
        if (status.endpoint === 'another') return null;
        var key = darsiKeyBytes(status.publicKey);
        return manager.getSubscription().then(function (current) {
          if (current && darsiSameKey(current, key)) return current;
          return (current ? current.unsubscribe() : Promise.resolve(true)).then(function () {
            return manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
          });
        });
      })
      .then(function (fresh) {
        if (!fresh) return;
        return darsiPost('subscribe', fresh.toJSON()).then(function () {
          if (old && old.endpoint !== fresh.endpoint) return darsiPost('unsubscribe', { endpoint: old.endpoint });
        });
      })
  );
});
`;
