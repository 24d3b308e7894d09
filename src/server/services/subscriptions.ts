import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { EXPIRING_SOON_DAYS, planDays, subscriptionStatus, type TSubscriptionStatus } from '../../shared/courses';
import type { TChangePlan, TEnroll, TStudentsQuery } from '../../shared/schemas/courses';
import { coursePlans, courses, enrollments, lessonProgress, lessons, students, teacherStudents, user } from '../db/schema';
import { AppError } from '../errors';
import { audit } from './audit';
import { grantAccess } from './courses-grant';
import { addDays, DAY_MS, iso, ownCourse, type TActor, type TCoursesDeps, type TTx } from './courses-deps';
import { ensureStudentCapacity } from './courses-limits';

const EXPORT_MAX_ROWS = 50_000;
const e = enrollments;

function statusCondition(status: TSubscriptionStatus | 'none', now: Date): SQL {
  const soon = addDays(now, EXPIRING_SOON_DAYS);
  switch (status) {
    case 'none':
      return isNull(e.id);
    case 'cancelled':
      return eq(e.status, 'cancelled');
    case 'expired':
      return and(eq(e.status, 'active'), lte(e.expiresAt, now))!;
    case 'expiring':
      return and(eq(e.status, 'active'), gt(e.expiresAt, now), lte(e.expiresAt, soon))!;
    case 'active':
      return and(eq(e.status, 'active'), or(isNull(e.expiresAt), gt(e.expiresAt, soon)))!;
  }
}

/** LIKE wildcards in a search are literal characters. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Runs a lookup by ids in slices, to stay far below PostgreSQL's limit on bound parameters. */
async function inChunks<T>(ids: string[], lookup: (slice: string[]) => Promise<T[]>, size = 1_000): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += size) out.push(...(await lookup(ids.slice(i, i + size))));
  return out;
}

/** Lessons in the enrollment's course, and those its student completed: two index lookups per row. */
const progressColumns = {
  lessonTotal: sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${enrollments.courseId})`,
  lessonDone: sql<number>`(select count(*)::int from ${lessonProgress} where ${lessonProgress.courseId} = ${enrollments.courseId} and ${lessonProgress.studentId} = ${enrollments.studentId})`,
};

/** Active or expiring: the subscription opens lessons and takes a place in the plan. */
function holdsPlace(sub: { status: string; expiresAt: Date | null }, now: Date): boolean {
  const state = subscriptionStatus(sub, now).status;
  return state === 'active' || state === 'expiring';
}

export function progressView(row: { lessonTotal: number; lessonDone: number }) {
  const done = Math.min(row.lessonTotal, row.lessonDone);
  return { done, total: row.lessonTotal, percent: row.lessonTotal === 0 ? 0 : Math.round((done * 100) / row.lessonTotal) };
}

export function subscriptionsService(deps: TCoursesDeps) {
  const { db, clock } = deps;

  /** Filters on the narrow tables only; a search looks names and e-mails up in a sub-select. */
  function filters(teacherId: string, q: Omit<TStudentsQuery, 'page' | 'pageSize'>, now: Date) {
    const joinOn = and(eq(e.studentId, teacherStudents.studentId), eq(e.teacherId, teacherStudents.teacherId), q.courseId ? eq(e.courseId, q.courseId) : undefined);
    const matching = q.q
      ? inArray(
          teacherStudents.studentId,
          db
            .select({ id: students.id })
            .from(students)
            .innerJoin(user, eq(user.id, students.id))
            .where(or(ilike(students.name, likePattern(q.q)), ilike(user.email, likePattern(q.q)))),
        )
      : undefined;
    const where = and(eq(teacherStudents.teacherId, teacherId), matching, q.status ? statusCondition(q.status, now) : undefined, q.type ? eq(e.type, q.type) : undefined);
    return { joinOn, where };
  }

  /**
   * One page in two steps, so that 10,000 students stay fast: the keys (student, enrollment) are sorted and
   * counted on the narrow tables, then names, courses and progress are read for that page only.
   */
  async function page(teacherId: string, q: Omit<TStudentsQuery, 'page' | 'pageSize'>, limit: number, offset: number) {
    const now = clock.now();
    const { joinOn, where } = filters(teacherId, q, now);
    const keys = await db
      .select({ studentId: teacherStudents.studentId, joinedAt: teacherStudents.joinedAt, enrollmentId: e.id, total: sql<number>`(count(*) over ())::int` })
      .from(teacherStudents)
      .leftJoin(e, joinOn)
      .where(where)
      .orderBy(desc(sql`coalesce(${e.createdAt}, ${teacherStudents.joinedAt})`), asc(teacherStudents.studentId))
      .limit(limit)
      .offset(offset);
    const studentIds = [...new Set(keys.map((k) => k.studentId))];
    const enrollmentIds = keys.flatMap((k) => (k.enrollmentId ? [k.enrollmentId] : []));
    const people = new Map(
      (
        await inChunks(studentIds, (ids) =>
          db.select({ id: students.id, name: students.name, email: user.email }).from(students).innerJoin(user, eq(user.id, students.id)).where(inArray(students.id, ids)),
        )
      ).map((p) => [p.id, p]),
    );
    const subs = new Map(
      (
        await inChunks(enrollmentIds, (ids) =>
          db
            .select({ enrollment: e, courseTitle: courses.title, ...progressColumns })
            .from(e)
            .innerJoin(courses, eq(courses.id, e.courseId))
            .where(inArray(e.id, ids)),
        )
      ).map((x) => [x.enrollment.id, x]),
    );
    const rows = keys.map((k) => {
      const person = people.get(k.studentId);
      const sub = k.enrollmentId ? subs.get(k.enrollmentId) : undefined;
      return {
        studentId: k.studentId,
        name: person?.name ?? '',
        email: person?.email ?? '',
        joinedAt: k.joinedAt.toISOString(),
        enrollment: sub
          ? {
              id: sub.enrollment.id,
              courseId: sub.enrollment.courseId,
              courseTitle: sub.courseTitle,
              planId: sub.enrollment.planId,
              type: sub.enrollment.type,
              ...subscriptionStatus(sub.enrollment, now),
              startedAt: sub.enrollment.startedAt.toISOString(),
              expiresAt: iso(sub.enrollment.expiresAt),
              autoRenew: sub.enrollment.autoRenew,
              totalPaidDzd: sub.enrollment.totalPaidDzd,
              notes: sub.enrollment.notes,
              source: sub.enrollment.source,
              progress: progressView(sub),
            }
          : null,
      };
    });
    return { total: keys[0]?.total ?? null, rows };
  }

  async function ownEnrollment(tx: TTx, teacherId: string, enrollmentId: string) {
    const [row] = await tx
      .select()
      .from(e)
      .where(and(eq(e.id, enrollmentId), eq(e.teacherId, teacherId)));
    if (!row) throw new AppError('ENROLLMENT_NOT_FOUND');
    return row;
  }

  async function coursePlan(tx: TTx, courseId: string, planId: string) {
    const [plan] = await tx
      .select()
      .from(coursePlans)
      .where(and(eq(coursePlans.id, planId), eq(coursePlans.courseId, courseId), isNull(coursePlans.retiredAt)));
    if (!plan) throw new AppError('PLAN_NOT_FOUND');
    return plan;
  }

  return {
    /** Spec §2.4 Student Subscription Management: enrolled and non-enrolled students, paginated on the server. */
    async list(teacherId: string, q: TStudentsQuery) {
      const result = await page(teacherId, q, q.pageSize, (q.page - 1) * q.pageSize);
      let total = result.total;
      if (total === null) {
        // Past the last page the window count is not there: count on its own.
        const { joinOn, where } = filters(teacherId, q, clock.now());
        const [row] = await db.select({ n: count() }).from(teacherStudents).leftJoin(e, joinOn).where(where);
        total = row?.n ?? 0;
      }
      return { total, page: q.page, pageSize: q.pageSize, rows: result.rows };
    },

    exportRows: async (teacherId: string, q: Omit<TStudentsQuery, 'page' | 'pageSize'>) => (await page(teacherId, q, EXPORT_MAX_ROWS, 0)).rows,

    async enroll(teacherId: string, input: TEnroll, actor: TActor) {
      return db.transaction(async (tx) => {
        const course = await ownCourse(tx, teacherId, input.courseId);
        const [member] = await tx
          .select({ id: teacherStudents.studentId })
          .from(teacherStudents)
          .where(and(eq(teacherStudents.teacherId, teacherId), eq(teacherStudents.studentId, input.studentId)));
        if (!member) throw new AppError('STUDENT_NOT_FOUND');
        const plan = await coursePlan(tx, course.id, input.planId);
        const now = clock.now();
        const [existing] = await tx
          .select()
          .from(e)
          .where(and(eq(e.courseId, course.id), eq(e.studentId, input.studentId)));
        if (existing && holdsPlace(existing, now)) throw new AppError('ENROLLMENT_EXISTS');
        await ensureStudentCapacity(tx, teacherId, input.studentId, now);
        const row = await grantAccess(tx, {
          teacherId,
          courseId: course.id,
          studentId: input.studentId,
          planId: plan.id,
          type: plan.type,
          days: planDays(plan),
          paid: plan.priceDzd,
          autoRenew: input.autoRenew ?? plan.autoRenew,
          source: 'teacher',
          now,
          notes: input.notes,
        });
        if (input.notes !== undefined) await tx.update(e).set({ notes: input.notes || null }).where(eq(e.id, row.id));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'subscription.enrolled',
          targetType: 'enrollment',
          targetId: row.id,
          teacherId,
          details: { studentId: input.studentId, courseId: course.id, planId: plan.id, expiresAt: iso(row.expiresAt) },
          ip: actor.ip,
        });
        return { id: row.id, expiresAt: iso(row.expiresAt) };
      });
    },

    async changePlan(teacherId: string, enrollmentId: string, input: TChangePlan, actor: TActor) {
      return db.transaction(async (tx) => {
        const current = await ownEnrollment(tx, teacherId, enrollmentId);
        const plan = await coursePlan(tx, current.courseId, input.planId);
        const now = clock.now();
        const days = planDays(plan);
        const expiresAt = input.recalculate ? (days === null ? null : addDays(now, days)) : current.expiresAt;
        // A recalculated expiry can bring an expired subscription back: it takes a place in the plan again.
        if (!holdsPlace(current, now) && holdsPlace({ status: current.status, expiresAt }, now)) await ensureStudentCapacity(tx, teacherId, current.studentId, now);
        await tx
          .update(e)
          .set({
            planId: plan.id,
            type: plan.type,
            expiresAt,
            autoRenew: input.autoRenew ?? current.autoRenew,
            notes: input.notes === undefined ? current.notes : input.notes || null,
            updatedAt: now,
          })
          .where(eq(e.id, current.id));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'subscription.plan_changed',
          targetType: 'enrollment',
          targetId: current.id,
          teacherId,
          details: { fromPlanId: current.planId, toPlanId: plan.id, recalculate: input.recalculate, expiresAt: iso(expiresAt) },
          ip: actor.ip,
        });
        return { expiresAt: iso(expiresAt) };
      });
    },

    async cancel(teacherId: string, enrollmentId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const current = await ownEnrollment(tx, teacherId, enrollmentId);
        if (current.status === 'cancelled') return { ok: true as const };
        const now = clock.now();
        await tx.update(e).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(e.id, current.id));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'subscription.cancelled',
          targetType: 'enrollment',
          targetId: current.id,
          teacherId,
          details: { studentId: current.studentId, courseId: current.courseId },
          ip: actor.ip,
        });
        return { ok: true as const };
      });
    },

    /**
     * Back to active; an expired subscription gets a new period of its plan from today, or, when its plan
     * was deleted, a period as long as the one it had (never permanent access by accident).
     */
    async reactivate(teacherId: string, enrollmentId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const current = await ownEnrollment(tx, teacherId, enrollmentId);
        const now = clock.now();
        if (holdsPlace(current, now)) return { expiresAt: iso(current.expiresAt) };
        await ensureStudentCapacity(tx, teacherId, current.studentId, now);
        let expiresAt = current.expiresAt;
        if (expiresAt && expiresAt.getTime() <= now.getTime()) {
          const [plan] = current.planId ? await tx.select().from(coursePlans).where(eq(coursePlans.id, current.planId)) : [];
          const days = plan ? planDays(plan) : Math.max(1, Math.round((expiresAt.getTime() - current.startedAt.getTime()) / DAY_MS));
          expiresAt = days === null ? null : addDays(now, days);
        }
        await tx.update(e).set({ status: 'active', cancelledAt: null, expiresAt, updatedAt: now }).where(eq(e.id, current.id));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'teacher',
          action: 'subscription.reactivated',
          targetType: 'enrollment',
          targetId: current.id,
          teacherId,
          details: { studentId: current.studentId, courseId: current.courseId, expiresAt: iso(expiresAt) },
          ip: actor.ip,
        });
        return { expiresAt: iso(expiresAt) };
      });
    },

  };
}
