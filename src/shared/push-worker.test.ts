import { describe, expect, it } from 'vitest';
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
});
