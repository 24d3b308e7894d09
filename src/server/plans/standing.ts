import { eq } from 'drizzle-orm';
import { planState } from '@shared/billing';
import { planSubscriptions, teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TTx } from '@server/core/db/sql';

/*
 * The trial-end rule (docs/decisions/100-trial-end-rule.md): after the 5-day trial without a paid plan, or
 * after the grace period of a lapsed paid plan, creating courses, code batches and enrollments is refused.
 * Everything already sold keeps working: students' lessons stay open, codes already printed still redeem.
 */

/** The teacher's plan standing at `now`: a status, whether creation is refused, and until when it holds. */
export async function planStanding(db: TTx, teacherId: string, now: Date) {
  const [row] = await db
    .select({ trialEndsAt: teachers.trialEndsAt, sub: planSubscriptions })
    .from(teachers)
    .leftJoin(planSubscriptions, eq(planSubscriptions.teacherId, teachers.id))
    .where(eq(teachers.id, teacherId));
  return { ...planState(row?.sub ?? null, row?.trialEndsAt ?? null, now), subscription: row?.sub ?? null, trialEndsAt: row?.trialEndsAt ?? null };
}

/** Refuses new courses, codes and enrollments without a trial or a paid plan (402 PLAN_REQUIRED). */
export async function ensurePlanActive(db: TTx, teacherId: string, now: Date): Promise<void> {
  const standing = await planStanding(db, teacherId, now);
  if (standing.blocked)
    throw new AppError('PLAN_REQUIRED', undefined, undefined, { reason: standing.subscription ? 'lapsed' : 'trial', billing: '/dashboard/billing' });
}
