import { and, eq, sql } from 'drizzle-orm';
import type { TChangePassword, TForgotPassword, TResetPassword } from '@shared/schemas/accounts';
import { ACCOUNT_LIMITS as LIMITS, clear, consume } from '@server/core/attempt-limits';
import { teachers, teacherStudents, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { defineJob } from '@server/core/jobs/queue';
import type { TRequestContext } from '@server/core/request-context';
import { authErrorCode, cookiesOf } from './auth-calls';
import type { TAccountsDeps, TWithCookies } from './deps';

/**
 * The reset screen a link opens (always on the main origin, see the auth domain): a student's platform only
 * when they belong to it, so a request made on another teacher's host cannot send them there.
 */
async function resetPage({ db }: TAccountsDeps, email: string, platform: string | null): Promise<string> {
  const [account] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  if (account?.role !== 'student') return '/reset-password';
  if (platform) {
    const [member] = await db
      .select({ subdomain: teachers.subdomain })
      .from(teacherStudents)
      .innerJoin(teachers, eq(teachers.id, teacherStudents.teacherId))
      .where(and(eq(teacherStudents.studentId, account.id), sql`lower(${teachers.subdomain}) = ${platform.toLowerCase()}`));
    if (member) return `/platform/${member.subdomain}/reset-password`;
  }
  return '/student/reset-password';
}

type TResetRequest = { email: string; platform: string | null };

/**
 * The answer is the same whether or not the account exists, and so is the work done before it: the look-up,
 * the token and the e-mail happen in a job. Done in the request, an unknown address answered measurably
 * faster than a known one (issue 16).
 */
export async function forgotPassword(deps: TAccountsDeps, { email, platform }: TForgotPassword, ctx: TRequestContext) {
  await consume(deps.db, { key: `reset-ip:${ctx.ip}`, ...LIMITS.resetPerIp });
  await consume(deps.db, { key: `reset-email:${email}`, ...LIMITS.resetPerEmail });
  await deps.jobs.send(passwordResetJob(deps), { email, platform: platform ?? ctx.hostSubdomain ?? null });
  return { sent: true } as const;
}

export function passwordResetJob(deps: TAccountsDeps) {
  return defineJob<TResetRequest>({
    name: 'accounts.password-reset',
    queue: { retryLimit: 2, retryDelay: 5, expireInSeconds: 120 },
    run: async ({ email, platform }) => {
      const redirectTo = await resetPage(deps, email, platform);
      await deps.auth.api.requestPasswordReset({ body: { email, redirectTo } });
    },
  });
}

export async function resetPassword({ auth }: TAccountsDeps, input: TResetPassword) {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch {
    throw new AppError('INVALID_TOKEN');
  }
  return { reset: true } as const;
}

/** A stolen session must not become a way to guess the current password: failures are limited. */
export async function changePassword(
  { db, auth }: TAccountsDeps,
  userId: string,
  input: TChangePassword,
  ctx: TRequestContext,
): Promise<TWithCookies<{ changed: true }>> {
  const userKey = `password-change:${userId}`;
  await consume(db, { key: userKey, ...LIMITS.passwordChangePerUser });
  await consume(db, { key: `password-change-ip:${ctx.ip}`, ...LIMITS.passwordChangePerIp });
  let out;
  try {
    out = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: ctx.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (authErrorCode(error) === 'INVALID_PASSWORD') throw new AppError('INVALID_PASSWORD');
    throw error;
  }
  await clear(db, userKey);
  return { result: { changed: true }, cookies: cookiesOf(out.headers) };
}
