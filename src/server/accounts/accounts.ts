import { and, desc, eq, or, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { Logger } from 'pino';
import type {
  TChangePassword,
  TForgotPassword,
  TLogin,
  TLoginResult,
  TProfileUpdate,
  TResetPassword,
  TStudentRegister,
  TTeacherRegister,
} from '@shared/schemas/accounts';
import { subdomainIssue } from '@shared/subdomain';
import type { TAuth } from '@server/auth';
import type { TViewer } from '@server/auth';
import type { Db } from '@server/core/db/client';
import { pgErrorCode } from '@server/core/db/errors';
import { session, students, teachers, teacherStudents, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { ACCOUNT_LIMITS as LIMITS, clear, consume } from '@server/core/attempt-limits';
import { audit } from '@server/core/audit';

const TRIAL_DAYS = 5;

export type TAccountsDeps = { db: Db; auth: TAuth; logger: Logger };
/** A result plus the Set-Cookie headers Better Auth produced, for the route to pass on. */
export type TWithCookies<T> = { result: T; cookies: string[] };

function authErrorCode(error: unknown): string | undefined {
  if (error instanceof APIError) return (error.body as { code?: string } | undefined)?.code;
  return undefined;
}

function cookiesOf(headers: Headers | null | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

/** The request's headers without its cookies: sign-up and sign-in start a new identity. */
function withoutCookies(ctx: TRequestContext): Headers {
  const headers = new Headers(ctx.headers);
  headers.delete('cookie');
  return headers;
}

export function accountsService({ db, auth, logger }: TAccountsDeps) {
  async function activeTeacherBySubdomain(subdomain: string) {
    const [teacher] = await db.select().from(teachers).where(sql`lower(${teachers.subdomain}) = ${subdomain.toLowerCase()}`);
    if (!teacher) throw new AppError('PLATFORM_NOT_FOUND');
    if (teacher.status !== 'active' || !teacher.isActive) throw new AppError('TEACHER_INACTIVE');
    return teacher;
  }

  async function emailTaken(email: string) {
    const [row] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`);
    return Boolean(row);
  }

  async function subdomainTaken(subdomain: string) {
    const [row] = await db.select({ id: teachers.id }).from(teachers).where(sql`lower(${teachers.subdomain}) = ${subdomain}`);
    return Boolean(row);
  }

  /** Better Auth creates the user, its password account and a session. */
  async function signUp(input: { name: string; email: string; password: string }, ctx: TRequestContext) {
    try {
      return await auth.api.signUpEmail({ body: input, headers: withoutCookies(ctx), returnHeaders: true });
    } catch (error) {
      const code = authErrorCode(error);
      if (code?.startsWith('USER_ALREADY_EXISTS')) throw new AppError('EMAIL_TAKEN');
      if (pgErrorCode(error) === '23505') throw new AppError('DUPLICATE_ACCOUNT');
      throw new AppError('ACCOUNT_CREATE_FAILED');
    }
  }

  /** If the profile cannot be created, the half-made account is removed so the e-mail is free again. */
  async function createProfileOrUndo(userId: string, create: () => Promise<void>, fallback: 'PROFILE_CREATE_FAILED' | 'ACCOUNT_CREATE_FAILED') {
    try {
      await create();
    } catch (error) {
      await db.delete(user).where(eq(user.id, userId));
      const code = pgErrorCode(error);
      if (code === '23505') throw new AppError('DUPLICATE_ACCOUNT');
      if (code === '23503') throw new AppError('PROFILE_LINK_FAILED');
      throw new AppError(fallback);
    }
  }

  /** The link's landing page says "confirmed" only after Better Auth redirected there on success. */
  async function sendVerification(email: string, ctx: TRequestContext) {
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: '/verify?confirmed=1' }, headers: withoutCookies(ctx) });
  }

  /**
   * After sign-up the account exists and is committed: a mail server that is down must not turn that
   * into an error (the user would retry and hit "e-mail taken"). The failure is logged and the user can
   * ask for the message again from the dashboard or /verify.
   */
  async function sendVerificationAfterSignUp(email: string, ctx: TRequestContext) {
    try {
      await sendVerification(email, ctx);
    } catch (err) {
      logger.error({ err, to: email }, 'verification e-mail not sent after sign-up');
    }
  }

  /** Ends the session this browser had, if any; its cookie-clearing headers are returned. */
  async function signOutPrevious(ctx: TRequestContext): Promise<string[]> {
    if (!ctx.headers.get('cookie')) return [];
    const out = await auth.api.signOut({ headers: ctx.headers, returnHeaders: true }).catch(() => null);
    return cookiesOf(out?.headers);
  }

  function studentHome(subdomain: string, ctx: TRequestContext) {
    return ctx.hostSubdomain === subdomain ? '/student/dashboard' : `/platform/${subdomain}/student/dashboard`;
  }

  /**
   * Spec §7.4: a student who logs in on the main domain goes to their teacher's platform. That is the
   * teacher of `students.teacher_id` (the first they joined, decision 007) while that teacher is active,
   * else the active teacher they joined most recently; none means the main-domain student dashboard.
   */
  async function homePlatform(studentId: string, firstTeacherId: string | null): Promise<string | null> {
    const [row] = await db
      .select({ subdomain: teachers.subdomain })
      .from(teacherStudents)
      .innerJoin(teachers, eq(teachers.id, teacherStudents.teacherId))
      .where(and(eq(teacherStudents.studentId, studentId), eq(teachers.status, 'active'), eq(teachers.isActive, true)))
      .orderBy(sql`case when ${teachers.id} = ${firstTeacherId} then 0 else 1 end`, desc(teacherStudents.joinedAt))
      .limit(1);
    return row?.subdomain ?? null;
  }

  /**
   * The reset screen a link opens (always on the main origin, see auth.ts): a student's platform only
   * when they belong to it, so a request made on another teacher's host cannot send them there.
   */
  async function resetPage(email: string, platform: string | null): Promise<string> {
    const [account] = await db.select({ id: user.id, role: user.role }).from(user).where(sql`lower(${user.email}) = ${email}`);
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

  async function joinTeacher(studentId: string, teacherId: string) {
    await db.insert(teacherStudents).values({ teacherId, studentId }).onConflictDoNothing();
    await db.update(students).set({ teacherId }).where(and(eq(students.id, studentId), sql`${students.teacherId} is null`));
  }

  /** Spec §6: a teacher (active) first, then an admin, then a student; anything else cannot log in. */
  async function resolveAccount(userId: string, role: string, platform: string | null, ctx: TRequestContext): Promise<TLoginResult> {
    const [teacher] = await db
      .select()
      .from(teachers)
      .where(or(eq(teachers.userId, userId), sql`${teachers.id}::text = ${userId}`));
    if (teacher) {
      if (teacher.status !== 'active' || !teacher.isActive) throw new AppError('TEACHER_INACTIVE');
      return { kind: 'teacher', redirectTo: '/dashboard', steps: ['foundTeacher'] };
    }
    if (role === 'admin') return { kind: 'admin', redirectTo: '/admin/dashboard', steps: ['foundAdmin'] };
    const [student] = await db.select().from(students).where(eq(students.id, userId));
    if (!student) throw new AppError('ACCOUNT_TYPE_UNKNOWN');
    if (!platform) {
      const home = await homePlatform(student.id, student.teacherId);
      if (!home) return { kind: 'student', redirectTo: '/student/dashboard', steps: ['foundStudent'] };
      return { kind: 'student', redirectTo: `/platform/${home}/student/dashboard`, steps: ['foundStudent', 'foundTeacherPlatform'] };
    }
    const platformTeacher = await activeTeacherBySubdomain(platform);
    await joinTeacher(student.id, platformTeacher.id);
    return { kind: 'student', redirectTo: studentHome(platformTeacher.subdomain, ctx), steps: ['foundStudent', 'joinedPlatform'] };
  }

  return {
    async subdomainAvailability(subdomain: string) {
      const issue = subdomainIssue(subdomain);
      if (issue) return { available: false, issue } as const;
      return (await subdomainTaken(subdomain)) ? ({ available: false, issue: 'taken' } as const) : ({ available: true } as const);
    },

    async registerTeacher(input: TTeacherRegister, ctx: TRequestContext): Promise<TWithCookies<{ redirectTo: string }>> {
      await consume(db, { key: `register:${ctx.ip}`, ...LIMITS.registerPerIp });
      if (await subdomainTaken(input.subdomain)) throw new AppError('SUBDOMAIN_TAKEN');
      if (await emailTaken(input.email)) throw new AppError('EMAIL_TAKEN');
      const created = await signUp({ name: input.name, email: input.email, password: input.password }, ctx);
      const userId = created.response.user.id;
      await createProfileOrUndo(
        userId,
        () =>
          db.transaction(async (tx) => {
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
          }),
        'PROFILE_CREATE_FAILED',
      );
      await sendVerificationAfterSignUp(input.email, ctx);
      const cleared = await signOutPrevious(ctx);
      return { result: { redirectTo: '/dashboard' }, cookies: [...cleared, ...cookiesOf(created.headers)] };
    },

    async registerStudent(input: TStudentRegister, ctx: TRequestContext): Promise<TWithCookies<{ redirectTo: string }>> {
      await consume(db, { key: `register:${ctx.ip}`, ...LIMITS.registerPerIp });
      const platform = input.platform ?? ctx.hostSubdomain;
      const teacher = platform ? await activeTeacherBySubdomain(platform) : null;
      if (await emailTaken(input.email)) throw new AppError('EMAIL_TAKEN');
      const created = await signUp({ name: input.name, email: input.email, password: input.password }, ctx);
      const userId = created.response.user.id;
      await createProfileOrUndo(
        userId,
        () =>
          db.transaction(async (tx) => {
            await tx.insert(students).values({ id: userId, name: input.name, teacherId: teacher?.id ?? null });
            if (teacher) await tx.insert(teacherStudents).values({ teacherId: teacher.id, studentId: userId });
            await tx.update(user).set({ role: 'student', language: ctx.language }).where(eq(user.id, userId));
          }),
        'ACCOUNT_CREATE_FAILED',
      );
      await sendVerificationAfterSignUp(input.email, ctx);
      const redirectTo = teacher ? studentHome(teacher.subdomain, ctx) : '/student/dashboard';
      const cleared = await signOutPrevious(ctx);
      return { result: { redirectTo }, cookies: [...cleared, ...cookiesOf(created.headers)] };
    },

    /** Spec §7.4: sign out first, sign in with the password, then resolve what kind of account it is. */
    async login(input: TLogin, ctx: TRequestContext): Promise<TWithCookies<TLoginResult>> {
      const cookies = await signOutPrevious(ctx);
      const steps = ['signedOutPrevious'];

      const accountIpKey = `login:${input.email}:${ctx.ip}`;
      const accountKey = `login:${input.email}`;
      await consume(db, { key: accountIpKey, ...LIMITS.loginPerAccountAndIp });
      await consume(db, { key: accountKey, ...LIMITS.loginPerAccount });

      let signedIn;
      try {
        signedIn = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: withoutCookies(ctx),
          returnHeaders: true,
        });
      } catch (error) {
        if (authErrorCode(error) === 'INVALID_EMAIL_OR_PASSWORD') throw new AppError('INVALID_CREDENTIALS');
        const [owner] = await db.select({ banned: user.banned }).from(user).where(eq(user.email, input.email));
        throw new AppError(owner?.banned ? 'ACCOUNT_BANNED' : 'LOGIN_FAILED');
      }
      await clear(db, accountIpKey, accountKey);
      steps.push('signedIn');

      const { user: account, token } = signedIn.response;
      try {
        const platform = input.platform ?? ctx.hostSubdomain;
        const resolved = await resolveAccount(account.id, String(account.role ?? 'student'), platform, ctx);
        if (resolved.kind === 'admin') {
          await audit(db, { actorUserId: account.id, actorRole: 'admin', action: 'admin.login', targetType: 'user', targetId: account.id, ip: ctx.ip });
        }
        return { result: { ...resolved, steps: [...steps, ...resolved.steps, 'redirecting'] }, cookies: [...cookies, ...cookiesOf(signedIn.headers)] };
      } catch (error) {
        // No session may outlive a refused login.
        await db.delete(session).where(eq(session.token, token));
        throw error;
      }
    },

    async logout(ctx: TRequestContext): Promise<TWithCookies<{ ok: true }>> {
      const out = await auth.api.signOut({ headers: ctx.headers, returnHeaders: true }).catch(() => null);
      return { result: { ok: true }, cookies: cookiesOf(out?.headers) };
    },

    async logoutEverywhere(userId: string, ctx: TRequestContext): Promise<TWithCookies<{ ok: true }>> {
      await db.delete(session).where(eq(session.userId, userId));
      return this.logout(ctx);
    },

    async forgotPassword({ email, platform }: TForgotPassword, ctx: TRequestContext) {
      await consume(db, { key: `reset-ip:${ctx.ip}`, ...LIMITS.resetPerIp });
      await consume(db, { key: `reset-email:${email}`, ...LIMITS.resetPerEmail });
      const redirectTo = await resetPage(email, platform ?? ctx.hostSubdomain);
      // The answer is the same whether or not the account exists, so it reveals nothing.
      await auth.api.requestPasswordReset({ body: { email, redirectTo }, headers: ctx.headers });
      return { sent: true } as const;
    },

    async resetPassword(input: TResetPassword) {
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
      } catch {
        throw new AppError('INVALID_TOKEN');
      }
      return { reset: true } as const;
    },

    /** A stolen session must not become a way to guess the current password: failures are limited. */
    async changePassword(userId: string, input: TChangePassword, ctx: TRequestContext): Promise<TWithCookies<{ changed: true }>> {
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
    },

    async updateProfile(userId: string, input: TProfileUpdate) {
      await db.transaction(async (tx) => {
        await tx.update(user).set({ name: input.name, ...(input.language ? { language: input.language } : {}) }).where(eq(user.id, userId));
        await tx.update(teachers).set({ name: input.name }).where(eq(teachers.userId, userId));
        await tx.update(students).set({ name: input.name }).where(eq(students.id, userId));
      });
      return { updated: true } as const;
    },

    /** Each request sends an e-mail and probes whether an address has an account: both are limited. */
    async changeEmail(userId: string, email: string, ctx: TRequestContext) {
      await consume(db, { key: `email-change:${userId}`, ...LIMITS.emailChangePerUser });
      await consume(db, { key: `email-change-ip:${ctx.ip}`, ...LIMITS.emailChangePerIp });
      if (await emailTaken(email)) throw new AppError('EMAIL_TAKEN');
      await auth.api.changeEmail({ body: { newEmail: email, callbackURL: '/verify' }, headers: ctx.headers });
      return { requested: true } as const;
    },

    /** "Send the confirmation e-mail again", for the signed-in user's own address. */
    async resendVerification(viewer: TViewer, ctx: TRequestContext): Promise<{ sent: boolean; alreadyVerified: boolean }> {
      if (viewer.emailVerified) return { sent: false, alreadyVerified: true };
      await consume(db, { key: `verify-resend:${viewer.userId}`, ...LIMITS.verificationPerUser });
      await consume(db, { key: `verify-resend-ip:${ctx.ip}`, ...LIMITS.verificationPerIp });
      try {
        await sendVerification(viewer.email, ctx);
      } catch (err) {
        logger.error({ err, to: viewer.email }, 'verification e-mail not sent');
        throw new AppError('MAIL_SEND_FAILED');
      }
      return { sent: true, alreadyVerified: false };
    },
  };
}

export type TAccountsService = ReturnType<typeof accountsService>;
