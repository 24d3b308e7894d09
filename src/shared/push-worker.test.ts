import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_WORKER_SOURCE } from './push-worker';

type TListener = (event: unknown) => void;

/** A worker scope with what the push part uses: notifications shown, windows focused or opened. */
function worker(windows: Array<{ url: string }> = []) {
  const listeners: Record<string, TListener> = {};
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const self = {
    addEventListener: (type: string, l: TListener) => (listeners[type] = l),
    location: { origin: 'https://darsi.dz' },
    registration: { showNotification: (title: string, options: Record<string, unknown>) => Promise.resolve(void shown.push({ title, options })) },
    clients: {
      matchAll: () => Promise.resolve(windows.map((w) => ({ url: w.url, focus: () => Promise.resolve(void focused.push(w.url)) }))),
      openWindow: (url: string) => Promise.resolve(void opened.push(url)),
    },
  };
  new Function('self', PUSH_WORKER_SOURCE)(self);
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { dispatch, shown, opened, focused };
}

describe('web push in the service workers (decision 210)', () => {
  it('shows the pushed notification right-to-left in Arabic, one per event', async () => {
    const w = worker();
    const payload = {
      title: 'رسالة جديدة من أستاذة مريم',
      body: 'أستاذة مريم: موعد الحصة غدًا',
      url: 'https://maryam.darsi.dz/student/dashboard/messages',
      tag: 'n1',
      lang: 'ar',
    };
    await w.dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(w.shown).toEqual([
      {
        title: payload.title,
        options: expect.objectContaining({ body: payload.body, tag: 'n1', lang: 'ar', dir: 'rtl', data: { url: payload.url } }),
      },
    ]);
  });

  it('opens the linked page on click, or focuses it when it is already open', async () => {
    const url = 'https://darsi.dz/teacher/notifications';
    const closed: boolean[] = [];
    const click = { notification: { data: { url }, close: () => closed.push(true) } };
    const fresh = worker([{ url: 'https://darsi.dz/teacher' }]);
    await fresh.dispatch('notificationclick', click);
    expect(fresh.opened).toEqual([url]);
    const open = worker([{ url }]);
    await open.dispatch('notificationclick', click);
    expect(open.focused).toEqual([url]);
    expect(open.opened).toEqual([]);
    expect(closed).toEqual([true, true]);
    // A relative link opens on the worker's own origin.
    const relative = worker();
    await relative.dispatch('notificationclick', { notification: { data: { url: '/student/dashboard' }, close: () => undefined } });
    expect(relative.opened).toEqual(['https://darsi.dz/student/dashboard']);
  });

  describe('when the browser replaces the subscription (pushsubscriptionchange)', () => {
    afterEach(() => vi.unstubAllGlobals());
    const serverKey = Buffer.from([4, ...Array<number>(64).fill(7)]);
    const oldKey = Buffer.from([4, ...Array<number>(64).fill(1)]);

    /** A worker whose browser holds `held` (made with `key`), and a server answering `owner` for the old endpoint. */
    function changing(owner: string, held: { key: Buffer } | null) {
      const calls: Array<{ url: string; body?: unknown }> = [];
      vi.stubGlobal('fetch', (url: string, init?: { body?: string }) => {
        calls.push({ url, body: init?.body ? JSON.parse(init.body) : undefined });
        const json = url.startsWith('/api/notifications/push?') ? { publicKey: serverKey.toString('base64url'), devices: 1, endpoint: owner } : { ok: true };
        return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(json) });
      });
      const subscribed: Uint8Array[] = [];
      const fresh = (endpoint: string) => ({ endpoint, toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }) });
      const applicationServerKey = held && held.key.buffer.slice(held.key.byteOffset, held.key.byteOffset + 65);
      let current = held && { ...fresh('https://fcm.googleapis.com/fcm/send/held'), options: { applicationServerKey } };
      const pushManager = {
        getSubscription: () => Promise.resolve(current && { ...current, unsubscribe: () => Promise.resolve(!(current = null)) }),
        subscribe: (o: { applicationServerKey: Uint8Array }) =>
          Promise.resolve(void subscribed.push(o.applicationServerKey)).then(() => fresh('https://fcm.googleapis.com/fcm/send/new')),
      };
      const listeners: Record<string, TListener> = {};
      new Function('self', PUSH_WORKER_SOURCE)({ addEventListener: (type: string, l: TListener) => (listeners[type] = l), registration: { pushManager } });
      const dispatch = async () => {
        let work: Promise<unknown> = Promise.resolve();
        listeners.pushsubscriptionchange?.({
          oldSubscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/old' },
          waitUntil: (p: Promise<unknown>) => (work = p),
        });
        await work;
      };
      return { dispatch, calls, subscribed };
    }

    it('subscribes again with the server’s current key, registers the new device and drops the old one', async () => {
      const w = changing('mine', { key: oldKey });
      await w.dispatch();
      expect(w.subscribed.map((k) => Buffer.from(k).equals(serverKey))).toEqual([true]);
      expect(w.calls).toEqual([
        { url: `/api/notifications/push?endpoint=${encodeURIComponent('https://fcm.googleapis.com/fcm/send/old')}`, body: undefined },
        { url: '/api/notifications/push/subscribe', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/new', keys: { p256dh: 'p', auth: 'a' } } },
        { url: '/api/notifications/push/unsubscribe', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/old' } },
      ]);
    });

    it('registers the browser’s new subscription as it is when it was made with the server’s key', async () => {
      const w = changing('none', { key: serverKey });
      await w.dispatch();
      expect(w.subscribed).toEqual([]);
      expect(w.calls.map((c) => c.url)).toEqual([
        expect.stringMatching(/\?endpoint=/),
        '/api/notifications/push/subscribe',
        '/api/notifications/push/unsubscribe',
      ]);
      expect(w.calls[1]?.body).toMatchObject({ endpoint: 'https://fcm.googleapis.com/fcm/send/held' });
    });

    it('leaves another person’s device alone', async () => {
      const w = changing('another', { key: oldKey });
      await w.dispatch();
      expect(w.subscribed).toEqual([]);
      expect(w.calls).toHaveLength(1);
    });
  });
});
