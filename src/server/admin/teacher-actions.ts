import { eq, sql } from 'drizzle-orm';
import type { TPlanId } from '@shared/plans';
import { audit, type TActor } from '@server/core/audit';
import { teachers } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import type { TAdminDeps } from './deps';
import { teacherById } from './teacher-detail';

/** Choosing the plan the teacher already has changes nothing and writes no audit entry. */
export async function changePlan({ db }: TAdminDeps, teacherId: string, plan: TPlanId, actor: TActor) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.plan === plan) return { plan };
    await tx.update(teachers).set({ plan }).where(eq(teachers.id, teacherId));
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: 'admin',
      action: 'teacher.plan_changed',
      targetType: 'teacher',
      targetId: teacherId,
      teacherId,
      details: { from: before.plan, to: plan },
      ip: actor.ip,
    });
    return { plan };
  });
}

/** Adds days to the trial: from its end if it still runs, otherwise from now. */
export async function extendTrial({ db }: TAdminDeps, teacherId: string, days: number, actor: TActor) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ trialEndsAt: teachers.trialEndsAt }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const [after] = await tx
      .update(teachers)
      .set({ trialEndsAt: sql`greatest(coalesce(${teachers.trialEndsAt}, now()), now()) + make_interval(days => ${days})` })
      .where(eq(teachers.id, teacherId))
      .returning({ trialEndsAt: teachers.trialEndsAt });
    const trialEndsAt = after!.trialEndsAt!.toISOString();
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: 'admin',
      action: 'teacher.trial_extended',
      targetType: 'teacher',
      targetId: teacherId,
      teacherId,
      details: { days, from: before.trialEndsAt?.toISOString() ?? null, to: trialEndsAt },
      ip: actor.ip,
    });
    return { trialEndsAt };
  });
}

/** The teacher receives the usual reset e-mail, in their language; the admin never sees the link. */
export async function sendPasswordReset({ db, auth }: TAdminDeps, teacherId: string, actor: TActor, ctx: TRequestContext) {
  const teacher = await teacherById(db, teacherId);
  await auth.api.requestPasswordReset({ body: { email: teacher.email, redirectTo: '/reset-password' }, headers: ctx.headers });
  await audit(db, {
    actorUserId: actor.userId,
    actorRole: 'admin',
    action: 'teacher.password_reset_sent',
    targetType: 'teacher',
    targetId: teacherId,
    teacherId,
    details: { email: teacher.email },
    ip: actor.ip,
  });
  return { sent: true as const };
}
