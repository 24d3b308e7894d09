import { eq, sql } from 'drizzle-orm';
import type { TStudentRegister, TTeacherRegister } from '@shared/schemas/accounts';
import { subdomainIssue } from '@shared/subdomain';
import { ACCOUNT_LIMITS as LIMITS, consume } from '@server/core/attempt-limits';
import { students, teachers, teacherStudents, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TTx } from '@server/core/db/sql';
import type { TRequestContext } from '@server/core/request-context';
import {
  activeTeacherBySubdomain,
  cookiesOf,
  createProfileOrUndo,
  emailTaken,
  sendVerificationAfterSignUp,
  signOutPrevious,
  signUp,
  studentHome,
  subdomainTaken,
} from './auth-calls';
import type { TAccountsDeps, TWithCookies } from './deps';

const TRIAL_DAYS = 5;

type TNewAccount = { name: string; email: string; password: string };

/** The sign-in account and, in one transaction, its profile rows; a profile that fails takes the account back. */
async function signUpWithProfile(
  deps: TAccountsDeps,
  input: TNewAccount,
  ctx: TRequestContext,
  fallback: 'PROFILE_CREATE_FAILED' | 'ACCOUNT_CREATE_FAILED',
  profile: (tx: TTx, userId: string) => Promise<void>,
) {
  const created = await signUp(deps, { name: input.name, email: input.email, password: input.password }, ctx);
  const userId = created.response.user.id;
  await createProfileOrUndo(deps, userId, () => deps.db.transaction((tx) => profile(tx, userId)), fallback);
  return created;
}

export async function subdomainAvailability(deps: TAccountsDeps, subdomain: string) {
  const issue = subdomainIssue(subdomain);
  if (issue) return { available: false, issue } as const;
  return (await subdomainTaken(deps, subdomain)) ? ({ available: false, issue: 'taken' } as const) : ({ available: true } as const);
}

export async function registerTeacher(deps: TAccountsDeps, input: TTeacherRegister, ctx: TRequestContext): Promise<TWithCookies<{ redirectTo: string }>> {
  const { db } = deps;
  await consume(db, { key: `register:${ctx.ip}`, ...LIMITS.registerPerIp });
  if (await subdomainTaken(deps, input.subdomain)) throw new AppError('SUBDOMAIN_TAKEN');
  if (await emailTaken(deps, input.email)) throw new AppError('EMAIL_TAKEN');
  const created = await signUpWithProfile(deps, input, ctx, 'PROFILE_CREATE_FAILED', async (tx, userId) => {
    await tx.insert(teachers).values({
      userId,
      name: input.name,
      email: input.email,
      subdomain: input.subdomain,
      status: 'active',
      isActive: true,
      trialEndsAt: sql`now() + interval '${sql.raw(String(TRIAL_DAYS))} days'`,
    });
    await tx.update(user).set({ role: 'teacher', language: ctx.language }).where(eq(user.id, userId));
  });
  await sendVerificationAfterSignUp(deps, input.email, ctx);
  const cleared = await signOutPrevious(deps, ctx);
  return { result: { redirectTo: '/dashboard' }, cookies: [...cleared, ...cookiesOf(created.headers)] };
}

export async function registerStudent(deps: TAccountsDeps, input: TStudentRegister, ctx: TRequestContext): Promise<TWithCookies<{ redirectTo: string }>> {
  const { db } = deps;
  await consume(db, { key: `register:${ctx.ip}`, ...LIMITS.registerPerIp });
  const platform = input.platform ?? ctx.hostSubdomain;
  const teacher = platform ? await activeTeacherBySubdomain(deps, platform) : null;
  if (await emailTaken(deps, input.email)) throw new AppError('EMAIL_TAKEN');
  const created = await signUpWithProfile(deps, input, ctx, 'ACCOUNT_CREATE_FAILED', async (tx, userId) => {
    await tx.insert(students).values({ id: userId, name: input.name, phone: input.phone ?? null, teacherId: teacher?.id ?? null });
    if (teacher) await tx.insert(teacherStudents).values({ teacherId: teacher.id, studentId: userId });
    await tx.update(user).set({ role: 'student', language: ctx.language }).where(eq(user.id, userId));
  });
  await sendVerificationAfterSignUp(deps, input.email, ctx, input.redirectTo);
  const redirectTo = teacher ? studentHome(teacher.subdomain, ctx) : '/student/dashboard';
  const cleared = await signOutPrevious(deps, ctx);
  return { result: { redirectTo }, cookies: [...cleared, ...cookiesOf(created.headers)] };
}
