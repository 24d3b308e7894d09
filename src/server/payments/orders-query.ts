import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { coursePlans, courses, paymentOrders, teachers } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { AppError } from '@server/core/errors';

export type TOrderRow = typeof paymentOrders.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order by id, or null (also for an id that is not a uuid, as a webhook's metadata may hold anything). */
export async function orderById(tx: TTx, id: string): Promise<TOrderRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return row ?? null;
}

/** The student's own order; another student's (or an unknown id) is ORDER_NOT_FOUND. */
export async function studentOrder(tx: TTx, studentId: string, id: string): Promise<TOrderRow> {
  const row = await orderById(tx, id);
  if (!row || row.studentId !== studentId) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** A course a student may buy: published, its teacher active, on the host it was asked from. */
export async function buyableCourse(tx: TTx, courseId: string, hostSubdomain: string | null) {
  if (!UUID.test(courseId)) throw new AppError('COURSE_NOT_FOUND');
  const [row] = await tx
    .select({ course: courses, subdomain: teachers.subdomain, teacherName: teachers.name, teacherActive: sql<boolean>`(${teachers.status} = 'active' and ${teachers.isActive})` })
    .from(courses)
    .innerJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(eq(courses.id, courseId));
  if (!row || row.course.status === 'draft') throw new AppError('COURSE_NOT_FOUND');
  if (hostSubdomain && hostSubdomain !== row.subdomain.toLowerCase()) throw new AppError('COURSE_NOT_FOUND');
  if (!row.teacherActive) throw new AppError('TEACHER_INACTIVE');
  if (row.course.status !== 'published') throw new AppError('COURSE_UNAVAILABLE');
  return row;
}

/** A plan of the course that is on sale (not retired) and not free. */
export async function paidPlan(tx: TTx, courseId: string, planId: string) {
  const [plan] = await tx
    .select()
    .from(coursePlans)
    .where(and(eq(coursePlans.id, planId), eq(coursePlans.courseId, courseId), isNull(coursePlans.retiredAt)));
  if (!plan || plan.type === 'free' || plan.priceDzd <= 0) throw new AppError('PLAN_NOT_FOUND');
  return plan;
}

/** The course's plans on sale that cost something, in the teacher's order. */
export function paidPlans(tx: TTx, courseId: string) {
  return tx
    .select()
    .from(coursePlans)
    .where(and(eq(coursePlans.courseId, courseId), isNull(coursePlans.retiredAt), ne(coursePlans.type, 'free'), gt(coursePlans.priceDzd, 0)))
    .orderBy(asc(coursePlans.position));
}
