import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { LANDING_LIMITS, ZLandingPageCreate, ZLandingPageInput } from '@shared/schemas/landing';
import { ZContactRequest } from '@shared/schemas/landing-contact';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { landingT } from './i18n';
import { clientIp, requestContext } from '@server/core/request-context';
import type { TLandingAppDeps } from './deps';
import { IMAGE_KINDS, type TImageKind } from './images';
import { validate } from '@server/core/validate';

export const LANDING_API_PREFIX = '/api/landing/';

/** Spec §9: a page is at most 2 MB; the request may carry a little JSON overhead beyond that. */
const pageBodyLimit = bodyLimit({
  maxSize: LANDING_LIMITS.pageBytes + 64 * 1024,
  onError: () => {
    throw new AppError('LANDING_PAGE_TOO_LARGE');
  },
});
const imageBodyLimit = bodyLimit({
  maxSize: LANDING_LIMITS.imageBytes + 64 * 1024,
  onError: () => {
    throw new AppError('IMAGE_TOO_LARGE');
  },
});
/** Everything else under /api/landing keeps the API's usual 1 MB. */
const smallBodyLimit = bodyLimit({
  maxSize: 1024 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  },
});

// A syntactically odd id reaches the service, which answers with the 22P02 message (spec §8).
const ZId = z.object({ id: z.string().max(100) });
const ZHandled = z.object({ handled: z.boolean('fields.invalid') });
const ZRequestsQuery = z.object({ filter: z.enum(['all', 'open', 'handled'], 'fields.unknownValue').default('all') });

/** API of the landing domain, mounted at /api/landing. Every teacher route filters by the signed-in teacher. */
export function landingRoutes(services: TLandingAppDeps) {
  const { config, guards, landing } = services;
  const teacher = guards.requireTeacher;
  return (
    new Hono<TAppEnv>()
      .get('/pages', teacher, async (c) => c.json({ pages: await landing.pages.list(c.var.teacher) }))
      .post('/pages', smallBodyLimit, teacher, validate('json', ZLandingPageCreate), async (c) => {
        const page = await landing.pages.create(c.var.teacher, c.req.valid('json'), requestContext(c, config).language);
        return c.json({ page }, 201);
      })
      .get('/pages/:id', teacher, validate('param', ZId), async (c) => c.json({ page: await landing.pages.get(c.var.teacher, c.req.valid('param').id) }))
      .put('/pages/:id', pageBodyLimit, teacher, validate('param', ZId), validate('json', ZLandingPageInput), async (c) => {
        return c.json({ page: await landing.pages.save(c.var.teacher, c.req.valid('param').id, c.req.valid('json')) });
      })
      .post('/pages/:id/duplicate', smallBodyLimit, teacher, validate('param', ZId), async (c) => {
        const suffix = landingT(requestContext(c, config).language)('editor.copySuffix');
        return c.json({ page: await landing.pages.duplicate(c.var.teacher, c.req.valid('param').id, suffix) }, 201);
      })
      .delete('/pages/:id', teacher, validate('param', ZId), async (c) => {
        await landing.pages.remove(c.var.teacher, c.req.valid('param').id);
        return c.json({ ok: true });
      })
      .post('/pages/:id/publish', smallBodyLimit, teacher, validate('param', ZId), async (c) => {
        const page = await landing.pages.setPublished(c.var.teacher, c.var.viewer, c.req.valid('param').id, true, clientIp(c, config));
        return c.json({ page });
      })
      .post('/pages/:id/unpublish', smallBodyLimit, teacher, validate('param', ZId), async (c) => {
        const page = await landing.pages.setPublished(c.var.teacher, c.var.viewer, c.req.valid('param').id, false, clientIp(c, config));
        return c.json({ page });
      })
      .post('/pages/:id/main', smallBodyLimit, teacher, validate('param', ZId), async (c) => {
        return c.json({ page: await landing.pages.setMain(c.var.teacher, c.req.valid('param').id) });
      })
      .post('/images', imageBodyLimit, teacher, async (c) => {
        const form = await c.req.parseBody().catch(() => {
          throw new AppError('IMAGE_INVALID');
        });
        const file = form.file;
        const kind = typeof form.kind === 'string' && Object.hasOwn(IMAGE_KINDS, form.kind) ? (form.kind as TImageKind) : 'general';
        if (!(file instanceof File)) throw new AppError('IMAGE_INVALID');
        if (file.size > LANDING_LIMITS.imageBytes) throw new AppError('IMAGE_TOO_LARGE');
        const image = await landing.images.store(c.var.teacher.id, Buffer.from(await file.arrayBuffer()), kind);
        return c.json({ image }, 201);
      })
      .get('/contact-requests', teacher, validate('query', ZRequestsQuery), async (c) => {
        return c.json({ requests: await landing.public.listRequests(c.var.teacher.id, c.req.valid('query').filter) });
      })
      .patch('/contact-requests/:id', smallBodyLimit, teacher, validate('param', ZId), validate('json', ZHandled), async (c) => {
        await landing.public.setHandled(c.var.teacher.id, c.req.valid('param').id, c.req.valid('json').handled);
        return c.json({ ok: true });
      })
      // Public: sent by the viewer's page script.
      .post('/public/pages/:id/views', smallBodyLimit, validate('param', ZId), async (c) => {
        const result = await landing.public.countView(c.req.valid('param').id, clientIp(c, config), c.req.header('user-agent') ?? '');
        return c.json(result);
      })
      .post('/public/pages/:id/contact', smallBodyLimit, validate('param', ZId), validate('json', ZContactRequest), async (c) => {
        await landing.public.contact(c.req.valid('param').id, c.req.valid('json'), clientIp(c, config));
        return c.json({ ok: true }, 201);
      })
  );
}
