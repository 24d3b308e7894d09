import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutes } from '@server/admin/routes';
import { browser } from './browser';
import { enrollments } from '@server/core/db/schema';
import { adminTestApp, bootstrapAdmin, call, concretePath, routesOf, signedInStudent, signedInTeacher } from './admin-fixtures';
import { inDays, publishedCourse, quickStudent, registerTeacher } from './courses-helpers';
import { DRIVER, type TTestApp } from './harness';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
beforeAll(async () => {
  t = await adminTestApp();
  admin = await bootstrapAdmin(t);
});
afterAll(async () => {
  await t.close();
});

/** The only admin route open to everyone: it needs a bootstrap token or an invitation instead. */
const PUBLIC_ADMIN_ROUTES = new Set(['POST /register']);

/** Read from the router itself, so a route added later is covered without editing this test. */
const adminApi = () => routesOf(adminRoutes(t.services)).map((r) => ({ ...r, url: `/api/admin${concretePath(r.path)}`, key: `${r.method} ${r.path}` }));

describe(`every admin API on ${DRIVER}`, () => {
  it('is found on the router (sanity check of the enumeration)', () => {
    const keys = adminApi().map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /overview',
        'GET /teachers',
        'GET /teachers/:id',
        'PATCH /teachers/:id/status',
        'PATCH /teachers/:id/plan',
        'POST /teachers/:id/trial',
        'POST /teachers/:id/password-reset',
        'GET /inbox/:kind',
        'GET /inbox/:kind/export',
        'PATCH /inbox/:kind/:id',
        'GET /admins',
        'POST /invitations',
        'POST /admins/:id/revoke',
        'GET /audit',
      ]),
    );
    expect(keys.length).toBeGreaterThanOrEqual(17);
  });

  it('answers 403 to a teacher session and to a student session, and 401 to nobody, whatever the input', async () => {
    const teacher = await signedInTeacher(t);
    const student = await signedInStudent(t);
    const anonymous = browser(t);
    const guarded = adminApi().filter((r) => !PUBLIC_ADMIN_ROUTES.has(r.key));
    for (const route of guarded) {
      for (const url of [route.url, `${route.url}?status=nonsense&page=-1`]) {
        expect((await call(t, teacher, route.method, url, { status: 'suspended', plan: 'institution' })).status, `teacher ${route.key}`).toBe(403);
        expect((await call(t, student, route.method, url, { handled: true })).status, `student ${route.key}`).toBe(403);
        expect((await call(t, anonymous, route.method, url)).status, `anonymous ${route.key}`).toBe(401);
      }
    }
    // Their own areas still work: being refused here signs nobody out.
    expect((await teacher.get('/api/accounts/teacher/overview')).status).toBe(200);
    expect((await student.get('/api/accounts/student/platforms')).status).toBe(200);
  });

  it('lets an admin through every route (the guard is the role, not a blanket refusal)', async () => {
    for (const route of adminApi().filter((r) => !PUBLIC_ADMIN_ROUTES.has(r.key))) {
      const status = (await call(t, admin, route.method, route.url)).status;
      expect([401, 403], `admin ${route.key} → ${status}`).not.toContain(status);
    }
  });

  it('refuses a teacher who was made admin only in their own request', async () => {
    const teacher = await signedInTeacher(t);
    const res = await teacher.patch('/api/accounts/profile', { name: 'x', role: 'admin', is_admin: true });
    expect(res.status).toBe(200);
    expect((await teacher.get('/api/admin/overview')).status).toBe(403);
  });
});

type TAuditRow = Record<string, unknown>;
const auditRows = async () =>
  (
    (await t.database.db.execute(
      sql`select id, actor_user_id, actor_role, action, target_type, target_id, teacher_id, details::text as details, ip, created_at::text as created_at from audit_log order by id`,
    )) as unknown as {
      rows: TAuditRow[];
    }
  ).rows;

/** The audit actions written since `from` (an index into the rows), in order. */
const actionsSince = (rows: TAuditRow[], from: number) => rows.slice(from).map((r) => r.action);

describe('the audit log cannot be edited or deleted', () => {
  it('through any API route: no route offers it', async () => {
    const all = routesOf(t.app).filter((r) => r.path.startsWith('/api/'));
    // No route anywhere writes to /audit with anything but GET.
    expect(all.filter((r) => /audit/i.test(r.path) && r.method !== 'GET')).toEqual([]);
    const [first] = await auditRows();
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
      for (const url of ['/api/admin/audit', `/api/admin/audit/${String(first!.id)}`]) {
        expect((await call(t, admin, method, url, { action: 'x' })).status, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('by the real actions that write it: each appends its entry and leaves every earlier one as it was', async () => {
    const teacher = await registerTeacher(t);
    const course = await publishedCourse(teacher);
    const student = await quickStudent(t, teacher);
    const pageId = (await teacher.b.json(await teacher.b.post('/api/landing/pages', { title: 'صفحتي', template: 'starter' }))).page.id as string;
    const { b } = teacher;

    /** One round of every sensitive action, with valid input, on the same teacher, course, student and page. */
    async function round() {
      const ok = async (res: Promise<Response>, label: string) => expect((await res).status, label).toBeLessThan(300);
      const batch = await b.json(
        await b.post('/api/codes/teacher/batches', { courseId: course.courseId, planId: course.planIds[0], count: 3, validUntil: inDays(30) }),
      );
      const { codes } = await b.json(await b.get(`/api/codes/teacher/batches/${batch.id as string}/codes`));
      await ok(b.post(`/api/codes/teacher/codes/${codes[0].id as string}/revoke`), 'revoke a code');
      await ok(b.post(`/api/codes/teacher/codes/${codes[1].id as string}/sold`), 'sell a code');
      await ok(b.post(`/api/codes/teacher/batches/${batch.id as string}/revoke`), 'revoke the batch');
      const [enrollment] = await t.database.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.studentId, student.id));
      const enrollmentId =
        enrollment?.id ??
        (await b.json(await b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId: course.courseId, planId: course.planIds[0] })))
          .id;
      await ok(b.post(`/api/subscriptions/teacher/enrollments/${enrollmentId as string}/cancel`), 'cancel the subscription');
      await ok(b.post(`/api/subscriptions/teacher/enrollments/${enrollmentId as string}/reactivate`), 'reactivate it');
      await ok(b.post(`/api/landing/pages/${pageId}/publish`), 'publish the page');
      await ok(b.post(`/api/landing/pages/${pageId}/unpublish`), 'unpublish it');
      await ok(admin.patch(`/api/admin/teachers/${teacher.id}/plan`, { plan: 'academy' }), 'plan to academy');
      await ok(admin.patch(`/api/admin/teachers/${teacher.id}/plan`, { plan: 'independent' }), 'plan back');
      await ok(admin.post(`/api/admin/teachers/${teacher.id}/trial`, { days: 2 }), 'extend the trial');
      await ok(admin.post(`/api/admin/teachers/${teacher.id}/password-reset`), 'send a reset');
      const invited = `audit-${Date.now()}@example.test`;
      await ok(admin.post('/api/admin/invitations', { email: invited }), 'invite');
      const pending = (await admin.json(await admin.get('/api/admin/admins'))).invitations.find((i: { email: string }) => i.email === invited);
      await ok(admin.delete(`/api/admin/invitations/${pending.id as string}`), 'cancel the invitation');
      await ok(admin.get('/api/admin/inbox/contact/export'), 'export an inbox');
      return codes[0].id as string;
    }

    const start = (await auditRows()).length;
    const revokedCode = await round();
    const before = await auditRows();
    const written = actionsSince(before, start);
    for (const action of [
      'codes.batch_generated',
      'codes.code_revoked',
      'codes.code_sold',
      'codes.batch_revoked',
      'subscription.enrolled',
      'subscription.cancelled',
      'subscription.reactivated',
      'landing.published',
      'landing.unpublished',
      'teacher.plan_changed',
      'teacher.trial_extended',
      'teacher.password_reset_sent',
      'admin.invited',
      'admin.invitation_cancelled',
      'inbox.exported',
    ]) {
      expect(written, action).toContain(action);
    }
    expect(before.find((r) => r.action === 'codes.code_revoked' && r.target_id === revokedCode)).toMatchObject({
      actor_role: 'teacher',
      teacher_id: teacher.id,
    });

    // The same actions again, on the same teacher, course, student and page as the entries above.
    await round();
    await teacher.b.patch('/api/accounts/profile', { name: 'اسم جديد' });
    await admin.patch(`/api/admin/teachers/${teacher.id}/status`, { status: 'suspended' });
    const after = await auditRows();
    expect(after.slice(0, before.length)).toEqual(before);
    // Round two wrote the same entries but the enrollment (the student was already enrolled), then the suspension.
    expect(actionsSince(after, before.length)).toEqual([...written.filter((a) => a !== 'subscription.enrolled'), 'teacher.status_changed']);
  });

  it('in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const { db } = t.database;
    await expect(db.execute(sql`update audit_log set action = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const counted = (await db.execute(
      sql`select count(*)::int as n, (count(*) filter (where action = 'edited'))::int as edited from audit_log`,
    )) as unknown as {
      rows: Array<{ n: number; edited: number }>;
    };
    expect(counted.rows[0]!.n).toBeGreaterThan(0);
    expect(counted.rows[0]!.edited).toBe(0);
  });
});
