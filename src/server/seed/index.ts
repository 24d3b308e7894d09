import { eq } from 'drizzle-orm';
import type { TServices } from '@server/services';
import { demoSeedSteps, students, teachers, teacherStudents } from '@server/core/db/schema';
import { ADMIN_SEED_STEPS } from './admin';
import { BILLING_SEED_STEPS } from './billing';
import { COURSE_SEED_STEPS } from './courses';
import { LANDING_SEED_STEPS } from './landing';
import { LIVE_SEED_STEPS } from './live';
import { PAYMENTS_SEED_STEPS } from './payments';
import { PLATFORM_SEED_STEPS } from './platform';
import { TRANSFER_SEED_STEPS } from './transfers';
import { REVENUE_SEED_STEPS } from './revenue';
import { VIDEO_SEED_STEPS } from './video';
import { FREE_TRIAL_DAYS } from '@shared/plans';
import { createUser, DEMO_ACCOUNTS, DEMO_SUBDOMAIN } from './demo-accounts';
import { ENGAGEMENT_SEED_STEPS } from './engagement';

export { readyBanner } from './banner';
export { reissueDemoCards } from './courses';

export type TSeedStep = { name: string; run: (services: TServices) => Promise<void> };

/** The demo teacher, student and admin; safe to run again after an interruption (every write is an upsert). */
export const ACCOUNTS_SEED_STEP: TSeedStep = {
  name: 'accounts',
  run: async (services) => {
    const { db } = services;
    const teacherUserId = await createUser(services, 'أستاذ أحمد بن علي', DEMO_ACCOUNTS.teacher, 'teacher');
    await db
      .insert(teachers)
      .values({
        userId: teacherUserId,
        name: 'أستاذ أحمد بن علي',
        email: DEMO_ACCOUNTS.teacher,
        subdomain: DEMO_SUBDOMAIN,
        status: 'active',
        isActive: true,
        plan: 'academy',
        trialEndsAt: new Date(Date.now() + FREE_TRIAL_DAYS * 24 * 60 * 60_000),
      })
      .onConflictDoNothing();
    const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, teacherUserId));
    const studentId = await createUser(services, 'سارة الطالبة', DEMO_ACCOUNTS.student, 'student');
    await db.insert(students).values({ id: studentId, name: 'سارة الطالبة', teacherId: teacher!.id }).onConflictDoNothing();
    await db.insert(teacherStudents).values({ teacherId: teacher!.id, studentId }).onConflictDoNothing();
    await createUser(services, 'مسؤول دَرسي', DEMO_ACCOUNTS.admin, 'admin');
  },
};

const STEPS: TSeedStep[] = [
  ACCOUNTS_SEED_STEP,
  ...BILLING_SEED_STEPS,
  ...LANDING_SEED_STEPS,
  ...COURSE_SEED_STEPS,
  ...LIVE_SEED_STEPS,
  ...PLATFORM_SEED_STEPS,
  ...VIDEO_SEED_STEPS,
  ...TRANSFER_SEED_STEPS,
  ...REVENUE_SEED_STEPS,
  ...PAYMENTS_SEED_STEPS,
  ...ADMIN_SEED_STEPS,
  ...ENGAGEMENT_SEED_STEPS,
];

export type TSeedResult = { applied: string[]; failed: { step: string; error: unknown } | null };

/**
 * Demo data for newcomers, grown by each feature. Each step runs once per database (recorded in
 * demo_seed_steps once it succeeds). Seeding never stops the server: a step that fails is reported, the
 * steps after it (which build on it) wait, and it runs again at the next start, so a step must cope with
 * what an interrupted run left (the accounts step upserts). Steps do not run in a transaction: every row
 * written in one would share the transaction's now(), and the demo's lists would lose their order
 * (docs/decisions/016-fast-start.md).
 */
export async function seedDemo(services: TServices, steps: TSeedStep[] = STEPS): Promise<TSeedResult> {
  const applied: string[] = [];
  const done = new Set((await services.db.select({ name: demoSeedSteps.name }).from(demoSeedSteps)).map((r) => r.name));
  for (const step of steps) {
    if (done.has(step.name)) continue;
    try {
      await step.run(services);
      await services.db.insert(demoSeedSteps).values({ name: step.name });
    } catch (error) {
      return { applied, failed: { step: step.name, error } };
    }
    applied.push(step.name);
  }
  return { applied, failed: null };
}
