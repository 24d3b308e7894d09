import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { subscriptionStatus } from '@shared/courses';
import type { TStudentsQuery } from '@shared/schemas/courses';
import { courses, students, teacherStudents, user } from '@server/core/db/schema';
import { iso } from '@server/core/dates';
import { inChunks, likePattern, progressColumns, statusCondition } from './queries';
import { progressView } from './views';
import type { TSubscriptionsDeps } from './deps';
import { enrollments } from '@server/core/db/schema';

const EXPORT_MAX_ROWS = 50_000;
const e = enrollments;

/** Filters on the narrow tables only; a search looks names and e-mails up in a sub-select. */
function filters(deps: TSubscriptionsDeps, teacherId: string, q: Omit<TStudentsQuery, 'page' | 'pageSize'>, now: Date) {
  const { db } = deps;
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
async function page(deps: TSubscriptionsDeps, teacherId: string, q: Omit<TStudentsQuery, 'page' | 'pageSize'>, limit: number, offset: number) {
  const { db, clock } = deps;
  const now = clock.now();
  const { joinOn, where } = filters(deps, teacherId, q, now);
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

/** Spec §2.4 Student Subscription Management: enrolled and non-enrolled students, paginated on the server. */
export async function list(deps: TSubscriptionsDeps, teacherId: string, q: TStudentsQuery) {
  const { db, clock } = deps;
  const result = await page(deps, teacherId, q, q.pageSize, (q.page - 1) * q.pageSize);
  let total = result.total;
  if (total === null) {
    // Past the last page the window count is not there: count on its own.
    const { joinOn, where } = filters(deps, teacherId, q, clock.now());
    const [row] = await db.select({ n: count() }).from(teacherStudents).leftJoin(e, joinOn).where(where);
    total = row?.n ?? 0;
  }
  return { total, page: q.page, pageSize: q.pageSize, rows: result.rows };
}

export async function exportRows(deps: TSubscriptionsDeps, teacherId: string, q: Omit<TStudentsQuery, 'page' | 'pageSize'>) {
  return (await page(deps, teacherId, q, EXPORT_MAX_ROWS, 0)).rows;
}

export type TStudentRow = Awaited<ReturnType<typeof exportRows>>[number];
