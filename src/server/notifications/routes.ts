import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { EMAIL_MODES, NOTIFICATION_KINDS } from '@shared/notifications';
import type { TGuards } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { requestContext } from '@server/core/request-context';
import { validate } from '@server/core/validate';
import type { TNotifications } from './index';

const ZId = z.object({ id: z.uuid('fields.invalid') });
const ZList = z.object({ before: z.iso.datetime('fields.invalid').optional() });
const ZPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS as [string, ...string[]]),
  inApp: z.boolean(),
  email: z.enum(EMAIL_MODES),
  push: z.boolean().optional(),
});
// A browser's PushSubscription as toJSON() gives it (decision 210).
const ZKey = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[\w-]+=*$/, 'fields.invalid');
const ZPushDevice = z.object({ endpoint: z.url('fields.invalid').max(1000), keys: z.object({ p256dh: ZKey, auth: ZKey }) });
const ZPushEndpoint = z.object({ endpoint: z.string().min(1).max(1000) });
const ZPushStatus = z.object({ endpoint: z.string().min(1).max(1000).optional() });
const ZUnsubscribe = z.object({ u: z.string().min(1).max(100), k: z.string().min(1).max(40), s: z.string().min(1).max(100) });

// A comment line keeps proxies from closing a quiet stream; the client reconnects itself after a drop.
const KEEPALIVE_MS = 25_000;

/** /api/notifications: every signed-in person's centre (teacher, student, admin), its live stream, preferences. */
export function notificationsApi({ notifications, guards, config }: { notifications: TNotifications; guards: TGuards; config: TConfig }) {
  const { centre, preferences } = notifications;
  const signedIn = new Hono<TAppEnv>()
    .use(guards.requireUser)
    .get('/', validate('query', ZList), async (c) => {
      const { before } = c.req.valid('query');
      return c.json(await centre.listNotifications(c.var.viewer.userId, before ? new Date(before) : undefined));
    })
    .get('/unread', async (c) => c.json({ unread: await centre.unreadCount(c.var.viewer.userId) }))
    .post('/read-all', async (c) => {
      await centre.markAllRead(c.var.viewer.userId);
      return c.json({ ok: true });
    })
    .post('/:id/read', validate('param', ZId), async (c) => {
      await centre.markRead(c.var.viewer.userId, c.req.valid('param').id);
      return c.json({ ok: true });
    })
    .get('/preferences', async (c) => c.json({ preferences: await preferences.listPreferences(c.var.viewer.userId) }))
    .put('/preferences', validate('json', ZPreference), async (c) => {
      const body = c.req.valid('json');
      await preferences.savePreference(c.var.viewer.userId, { ...body, kind: body.kind as (typeof NOTIFICATION_KINDS)[number] });
      return c.json({ ok: true });
    })
    .get('/push', validate('query', ZPushStatus), async (c) => {
      // The worker that owns this host's pages: a teacher's host has the landing pages' one at its root (decision 210).
      const worker = requestContext(c, config).hostSubdomain ? '/landing-page-sw.js' : '/service-worker.js';
      return c.json({ ...(await notifications.push.pushStatus(c.var.viewer.userId, c.req.valid('query').endpoint)), worker });
    })
    .post('/push/subscribe', validate('json', ZPushDevice), async (c) => {
      await notifications.push.subscribeDevice(c.var.viewer.userId, c.req.valid('json'));
      return c.json({ ok: true }, 201);
    })
    .post('/push/unsubscribe', validate('json', ZPushEndpoint), async (c) => {
      await notifications.push.unsubscribeDevice(c.var.viewer.userId, c.req.valid('json').endpoint);
      return c.json({ ok: true });
    })
    .get('/stream', (c) => {
      const userId = c.var.viewer.userId;
      c.header('Cache-Control', 'no-store');
      return streamSSE(c, async (stream) => {
        let wake: () => void = () => undefined;
        const stop = notifications.hub.listen(userId, () => wake());
        stream.onAbort(() => wake());
        try {
          while (!stream.aborted) {
            await stream.writeSSE({ event: 'unread', data: String(await centre.unreadCount(userId)) });
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, KEEPALIVE_MS).unref();
            });
          }
        } finally {
          stop();
        }
      });
    });
  return new Hono<TAppEnv>()
    .get('/unsubscribe', validate('query', ZUnsubscribe), async (c) => c.html(await notifications.unsubscribePage(c.req.valid('query'))))
    .post('/unsubscribe', validate('form', ZUnsubscribe), async (c) => c.html(await notifications.unsubscribe(c.req.valid('form'))))
    .route('/', signedIn);
}
