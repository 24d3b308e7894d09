import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toLanguage } from '@shared/i18n';
import { ZAdminRegister } from '@shared/schemas/accounts';
import {
  ZAdminAuditQuery,
  ZAdminInboxExportQuery,
  ZAdminInboxKind,
  ZAdminInboxQuery,
  ZAdminInvitation,
  ZAdminTeachersQuery,
  ZInboxHandled,
  ZTeacherPlanChange,
  ZTeacherStatusChange,
  ZTrialExtension,
} from '@shared/schemas/admin';
import type { TGuards } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { TAppEnv } from '@server/core/env';
import { AppError } from '@server/core/errors';
import { fieldMessage } from '@server/core/i18n';
import { requestContext } from '@server/core/request-context';
import type { TAdmin } from './index';
import type { TLandingService } from '@server/landing';
import { AUDIT_ACTIONS, type TActor } from '@server/core/audit';
import { validate } from '@server/core/validate';

type TDeps = { config: TConfig; admin: TAdmin; guards: TGuards; landing: TLandingService };

const ZTeacherId = z.object({ id: z.uuid() });
const ZUserId = z.object({ id: z.string().min(1).max(100) });
const ZInboxItem = ZAdminInboxKind.extend({ id: z.uuid() });
const ZInvitationId = z.object({ id: z.uuid() });
/** The actions are the server's list (core/audit.ts), so the shared schema gets them here. */
const ZAuditQuery = ZAdminAuditQuery.extend({
  action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AUDIT_ACTIONS, 'fields.unknownValue').optional()),
});

/**
 * Query-string filters: an unknown value, or an unknown filter name (the schemas are strict), is refused
 * with INVALID_FILTER naming the filter, rather than being ignored (which would silently show everything)
 * or failing later.
 */
function filters<T extends z.ZodType>(schema: T) {
  return zValidator('query', schema, (result, c) => {
    if (result.success) return;
    const lng = toLanguage(c.get('language'));
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fields[key] ??= fieldMessage(lng, 'fields.unknownFilter');
      else fields[issue.path.join('.') || '_'] ??= fieldMessage(lng, issue.message);
    }
    throw new AppError('INVALID_FILTER', fields, { field: Object.keys(fields).join(', ') });
  });
}

/** Same for a path segment that selects among fixed values (the inbox kind); other bad params are field errors. */
function kindParam<T extends z.ZodType>(schema: T) {
  return zValidator('param', schema, (result, c) => {
    if (result.success) return;
    const lng = toLanguage(c.get('language'));
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= fieldMessage(lng, issue.message);
    if (fields.kind) throw new AppError('INVALID_FILTER', fields, { field: 'kind' });
    throw new AppError('VALIDATION_FAILED', fields);
  });
}

/**
 * /api/admin. Every route but /register runs `requireAdmin` first, before any input is read, so a
 * teacher or student gets 403 whatever they send (tests/integration/admin-access.test.ts checks every
 * route of this router). Nothing here updates or deletes an audit entry.
 */
export function adminRoutes({ config, admin, guards, landing }: TDeps) {
  const { admins, teachers } = admin;
  const ctx = <E extends TAppEnv>(c: Context<E>) => requestContext(c, config);
  const actorOf = <E extends TAppEnv & { Variables: { viewer: { userId: string } } }>(c: Context<E>): TActor => ({
    userId: c.var.viewer.userId,
    ip: ctx(c).ip,
  });
  return new Hono<TAppEnv>()
    .post('/register', validate('json', ZAdminRegister), async (c) => {
      const { result, cookies } = await admins.register(c.req.valid('json'), ctx(c));
      for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json(result, 201);
    })
    .get('/overview', guards.requireAdmin, async (c) => c.json(await admin.overview()))
    .get('/teachers', guards.requireAdmin, filters(ZAdminTeachersQuery), async (c) => c.json(await teachers.list(c.req.valid('query'))))
    .get('/teachers/:id', guards.requireAdmin, validate('param', ZTeacherId), async (c) => c.json(await teachers.detail(c.req.valid('param').id)))
    .patch('/teachers/:id/status', guards.requireAdmin, validate('param', ZTeacherId), validate('json', ZTeacherStatusChange), async (c) => {
      const { id } = c.req.valid('param');
      const { status, subdomain } = await teachers.setStatus(id, c.req.valid('json'), actorOf(c));
      // The subdomain's cached record would keep serving the pages for a few seconds: drop it now.
      landing.site.invalidate(id, subdomain);
      return c.json({ status });
    })
    .patch('/teachers/:id/plan', guards.requireAdmin, validate('param', ZTeacherId), validate('json', ZTeacherPlanChange), async (c) => {
      return c.json(await teachers.changePlan(c.req.valid('param').id, c.req.valid('json').plan, actorOf(c)));
    })
    .post('/teachers/:id/trial', guards.requireAdmin, validate('param', ZTeacherId), validate('json', ZTrialExtension), async (c) => {
      return c.json(await teachers.extendTrial(c.req.valid('param').id, c.req.valid('json').days, actorOf(c)));
    })
    .post('/teachers/:id/password-reset', guards.requireAdmin, validate('param', ZTeacherId), async (c) => {
      return c.json(await teachers.sendPasswordReset(c.req.valid('param').id, actorOf(c), ctx(c)));
    })
    .get('/inbox/:kind', guards.requireAdmin, kindParam(ZAdminInboxKind), filters(ZAdminInboxQuery), async (c) => {
      return c.json(await admin.inboxes.list(c.req.valid('param').kind, c.req.valid('query')));
    })
    .get('/inbox/:kind/export', guards.requireAdmin, kindParam(ZAdminInboxKind), filters(ZAdminInboxExportQuery), async (c) => {
      const { kind } = c.req.valid('param');
      const csv = await admin.inboxes.exportCsv(kind, c.req.valid('query'), actorOf(c));
      const day = new Date().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="darsi-${kind}-${day}.csv"`,
        'Cache-Control': 'no-store',
      });
    })
    .patch('/inbox/:kind/:id', guards.requireAdmin, kindParam(ZInboxItem), validate('json', ZInboxHandled), async (c) => {
      const { kind, id } = c.req.valid('param');
      return c.json(await admin.inboxes.setHandled(kind, id, c.req.valid('json').handled, actorOf(c)));
    })
    .get('/admins', guards.requireAdmin, async (c) => c.json(await admins.list(c.var.viewer.userId)))
    .post('/invitations', guards.requireAdmin, validate('json', ZAdminInvitation), async (c) => {
      return c.json(await admins.invite(c.req.valid('json'), c.var.viewer.userId, ctx(c)), 201);
    })
    .delete('/invitations/:id', guards.requireAdmin, validate('param', ZInvitationId), async (c) => {
      return c.json(await admins.cancelInvitation(c.req.valid('param').id, actorOf(c)));
    })
    .post('/admins/:id/revoke', guards.requireAdmin, validate('param', ZUserId), async (c) => {
      return c.json(await admins.revoke(c.req.valid('param').id, actorOf(c)));
    })
    .get('/audit', guards.requireAdmin, filters(ZAuditQuery), async (c) => c.json(await admin.audit.list(c.req.valid('query'))))
    .get('/audit/actions', guards.requireAdmin, (c) => c.json({ actions: AUDIT_ACTIONS }));
}
