import { eq, sql } from 'drizzle-orm';
import type { TPlanInput } from '@shared/schemas/courses';
import { coursePlans, courses } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { type TCoursesDeps } from './deps';
import { ownCourse } from './queries';
import { activePlans } from './queries';
import { planView } from './views';

/** Replaces the price list: kept plans are updated, new ones added, missing ones retired (never deleted). */
export async function putPlans(deps: TCoursesDeps, teacherId: string, courseId: string, plans: TPlanInput[]) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    await ownCourse(tx, teacherId, courseId);
    const current = await activePlans(tx, [courseId]);
    const keep = new Set(plans.flatMap((p) => (p.id ? [p.id] : [])));
    for (const p of current) {
      if (!keep.has(p.id))
        await tx
          .update(coursePlans)
          .set({ retiredAt: sql`now()` })
          .where(eq(coursePlans.id, p.id));
    }
    for (const [position, p] of plans.entries()) {
      const values = { type: p.type, priceDzd: p.priceDzd, durationDays: p.type === 'custom' ? p.durationDays : null, autoRenew: p.autoRenew, position };
      if (p.id && current.some((c) => c.id === p.id)) await tx.update(coursePlans).set(values).where(eq(coursePlans.id, p.id));
      else if (p.id) throw new AppError('PLAN_NOT_FOUND');
      else await tx.insert(coursePlans).values({ ...values, teacherId, courseId });
    }
    await tx
      .update(courses)
      .set({ updatedAt: sql`now()` })
      .where(eq(courses.id, courseId));
  });
  deps.onCoursesChanged(teacherId);
  return { plans: (await activePlans(db, [courseId])).map(planView) };
}
