import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { coursePlans, paymentOrders } from '@server/core/db/schema';
import { isUuid, type TTx } from '@server/core/db/sql';
import { AppError } from '@server/core/errors';
import { courseOnHost } from '@server/courses';

export type TOrderRow = typeof paymentOrders.$inferSelect;

/** An order by id, or null (also for an id that is not a uuid, as a webhook's metadata may hold anything). */
export async function orderById(tx: TTx, id: string): Promise<TOrderRow | null> {
  if (!isUuid(id)) return null;
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
  const row = await courseOnHost(tx, courseId, hostSubdomain);
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

/** The course's plans on sale that cost something, in the teacher's order: what a pay page offers. */
export function paidPlans(tx: TTx, courseId: string) {
  return tx
    .select({ id: coursePlans.id, type: coursePlans.type, priceDzd: coursePlans.priceDzd, durationDays: coursePlans.durationDays })
    .from(coursePlans)
    .where(and(eq(coursePlans.courseId, courseId), isNull(coursePlans.retiredAt), ne(coursePlans.type, 'free'), gt(coursePlans.priceDzd, 0)))
    .orderBy(asc(coursePlans.position));
}
