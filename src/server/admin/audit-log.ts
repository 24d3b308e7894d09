import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TAdminAuditQuery } from '@shared/schemas/admin';
import { auditEntries } from '@server/core/audit';
import type { Db } from '@server/core/db/client';
import { auditLog, codeBatches, coursePlans, courses, enrollments, teacherLandingPages, teachers, user } from '@server/core/db/schema';
import { likePattern, pageOf } from './lists';
import { isUuid } from '@server/core/db/sql';

function auditFilters(db: Db, query: TAdminAuditQuery): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  // The route has checked `action` against AUDIT_ACTIONS.
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actorRole) conditions.push(eq(auditLog.actorRole, query.actorRole));
  if (query.teacher) conditions.push(eq(auditLog.teacherId, query.teacher));
  if (query.actor) {
    // The matching people first (a small table), then their entries through the actor index.
    const pattern = likePattern(query.actor);
    const people = db
      .select({ id: user.id })
      .from(user)
      .where(or(eq(user.id, query.actor), sql`${user.name} ilike ${pattern}`, sql`${user.email} ilike ${pattern}`));
    conditions.push(inArray(auditLog.actorUserId, people));
  }
  return and(...conditions);
}

type TEntryRef = { targetType: string | null; targetId: string | null; teacherId: string | null; details: Record<string, unknown> };

/** Details are free-form JSON: only well-formed ids are looked up (a uuid column refuses anything else). */
const uuids = (values: Iterable<unknown>) => [...new Set([...values].filter((v): v is string => typeof v === 'string' && isUuid(v)))];
const texts = (values: Iterable<unknown>) => [...new Set([...values].filter((v): v is string => typeof v === 'string' && v.length > 0))];
const targetsOf = (entries: TEntryRef[], type: string) => entries.filter((e) => e.targetType === type).map((e) => e.targetId);
const detailOf = (entries: TEntryRef[], ...keys: string[]) => entries.flatMap((e) => keys.map((k) => e.details?.[k]));

/**
 * Names for the ids an entry refers to (people, teachers, courses, price plans, code batches, enrollments,
 * landing pages), so that the log reads "Amina · Mathematics" rather than two uuids. Looked up for the
 * page's entries only; a deleted row simply has no name and the screen says so.
 */
async function namesFor(db: Db, entries: TEntryRef[]) {
  const batchIds = uuids([...targetsOf(entries, 'code_batch'), ...detailOf(entries, 'batchId')]);
  const enrollmentIds = uuids(targetsOf(entries, 'enrollment'));
  const [batchRows, enrollmentRows] = await Promise.all([
    batchIds.length
      ? db.select({ id: codeBatches.id, size: codeBatches.size, courseId: codeBatches.courseId }).from(codeBatches).where(inArray(codeBatches.id, batchIds))
      : [],
    enrollmentIds.length
      ? db
          .select({ id: enrollments.id, studentId: enrollments.studentId, courseId: enrollments.courseId })
          .from(enrollments)
          .where(inArray(enrollments.id, enrollmentIds))
      : [],
  ]);
  const personIds = texts([...targetsOf(entries, 'user'), ...detailOf(entries, 'studentId'), ...enrollmentRows.map((e) => e.studentId)]);
  const teacherIds = uuids([...entries.map((e) => e.teacherId), ...targetsOf(entries, 'teacher')]);
  const courseIds = uuids([...detailOf(entries, 'courseId'), ...batchRows.map((b) => b.courseId), ...enrollmentRows.map((e) => e.courseId)]);
  const planIds = uuids(detailOf(entries, 'planId', 'fromPlanId', 'toPlanId'));
  const pageIds = uuids(targetsOf(entries, 'landing_page'));
  const [people, teacherRows, courseRows, planRows, pageRows] = await Promise.all([
    personIds.length ? db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, personIds)) : [],
    teacherIds.length ? db.select({ id: teachers.id, name: teachers.name }).from(teachers).where(inArray(teachers.id, teacherIds)) : [],
    courseIds.length ? db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, courseIds)) : [],
    planIds.length
      ? db
          .select({ id: coursePlans.id, type: coursePlans.type, priceDzd: coursePlans.priceDzd, durationDays: coursePlans.durationDays })
          .from(coursePlans)
          .where(inArray(coursePlans.id, planIds))
      : [],
    pageIds.length
      ? db.select({ id: teacherLandingPages.id, title: teacherLandingPages.title }).from(teacherLandingPages).where(inArray(teacherLandingPages.id, pageIds))
      : [],
  ]);
  const byId = <R extends { id: string }, V>(rows: R[], value: (row: R) => V) => Object.fromEntries(rows.map((r) => [r.id, value(r)])) as Record<string, V>;
  return {
    people: byId(people, (r) => r.name),
    teachers: byId(teacherRows, (r) => r.name),
    courses: byId(courseRows, (r) => r.title),
    plans: byId(planRows, ({ type, priceDzd, durationDays }) => ({ type, priceDzd, durationDays })),
    batches: byId(batchRows, ({ size, courseId }) => ({ size, courseId })),
    enrollments: byId(enrollmentRows, ({ studentId, courseId }) => ({ studentId, courseId })),
    pages: byId(pageRows, (r) => r.title),
  };
}

/**
 * Reading the audit log. There is deliberately nothing here that changes an entry: the log is
 * append-only, and the database refuses UPDATE, DELETE and TRUNCATE on it as well.
 */
export async function listAudit(db: Db, query: TAdminAuditQuery) {
  const where = auditFilters(db, query);
  const page = await pageOf(db, { table: auditLog, where, page: query.page, pageSize: query.pageSize }, (limit, offset) =>
    auditEntries(
      db,
      where,
      { limit, offset },
      { actorEmail: user.email, targetType: auditLog.targetType, targetId: auditLog.targetId, teacherId: auditLog.teacherId, ip: auditLog.ip },
    ),
  );
  return { ...page, names: await namesFor(db, page.items) };
}
