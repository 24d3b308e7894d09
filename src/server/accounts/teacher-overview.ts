import { and, eq, sql } from 'drizzle-orm';
import type { TTeacherRow } from '@server/auth';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { codeRequests, teacherStudents } from '@server/core/db/schema';
import { planStanding } from '@server/plans';

const DAY_MS = 24 * 60 * 60_000;

/** The teacher dashboard's first screen: who they are, their platform link, their trial and students. */
export async function teacherOverview(db: Db, teacher: TTeacherRow, config: Pick<TConfig, 'publicHost' | 'publicHttps'>, now = new Date()) {
  const [row] = await db
    .select({ students: sql<number>`count(*)::int` })
    .from(teacherStudents)
    .where(eq(teacherStudents.teacherId, teacher.id));
  // The plan's standing, not the trial date alone: a teacher who paid is no longer "on trial" (issue 24).
  const standing = await planStanding(db, teacher.id, now);
  const onTrial = standing.status === 'trial';
  // Activation codes waiting for the teacher's confirmation (issue 22): the overview says so, with the way there.
  const [waiting] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(codeRequests)
    .where(and(eq(codeRequests.teacherId, teacher.id), eq(codeRequests.status, 'pending')));
  const trialEndsAt = teacher.trialEndsAt?.toISOString() ?? null;
  return {
    id: teacher.id,
    name: teacher.name,
    email: teacher.email,
    subdomain: teacher.subdomain,
    platformUrl: `${config.publicHttps ? 'https' : 'http'}://${teacher.subdomain}.${config.publicHost}`,
    plan: teacher.plan,
    status: teacher.status,
    trialEndsAt,
    trialDaysLeft: onTrial && teacher.trialEndsAt ? Math.max(0, Math.ceil((teacher.trialEndsAt.getTime() - now.getTime()) / DAY_MS)) : 0,
    planStatus: standing.status,
    /** A plan was paid once: the banner speaks of that plan, never of the trial again. */
    paidPlan: standing.subscription !== null,
    /** End of the trial, of the paid period, or of the grace after it: what the banner's date means follows the status. */
    planUntil: standing.until?.toISOString() ?? null,
    studentCount: row?.students ?? 0,
    codesWaiting: waiting?.n ?? 0,
    createdAt: teacher.createdAt.toISOString(),
  };
}
