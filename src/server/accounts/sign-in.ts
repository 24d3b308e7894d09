import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { TLogin, TLoginResult } from '@shared/schemas/accounts';
import { actingTeacher } from '@server/auth';
import { ACCOUNT_LIMITS as LIMITS, clear, consume } from '@server/core/attempt-limits';
import { audit } from '@server/core/audit';
import { session, students, teachers, teacherStudents, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { activeTeacherBySubdomain, authErrorCode, cookiesOf, signOutPrevious, studentHome, withoutCookies } from './auth-calls';
import type { TAccountsDeps, TWithCookies } from './deps';
import { withPasswordSlot } from './password-slots';
import { loginAccountKey, noticeLock, unlockedFor } from './unlock';
import { isTeacherActive, teacherIsActive } from '@server/core/db/teacher-active';

/**
 * Spec §7.4: a student who logs in on the main domain goes to their teacher's platform. That is the
 * teacher of `students.teacher_id` (the first they joined, decision 007) while that teacher is active,
 * else the active teacher they joined most recently; none means the main-domain student dashboard.
 */
async function homePlatform({ db }: TAccountsDeps, studentId: string, firstTeacherId: string | null): Promise<string | null> {
  const [row] = await db
    .select({ subdomain: teachers.subdomain })
    .from(teacherStudents)
    .innerJoin(teachers, eq(teachers.id, teacherStudents.teacherId))
    .where(and(eq(teacherStudents.studentId, studentId), teacherIsActive))
    .orderBy(sql`case when ${teachers.id} = ${firstTeacherId} then 0 else 1 end`, desc(teacherStudents.joinedAt))
    .limit(1);
  return row?.subdomain ?? null;
}

async function joinTeacher({ db }: TAccountsDeps, studentId: string, teacherId: string) {
  await db.insert(teacherStudents).values({ teacherId, studentId }).onConflictDoNothing();
  await db
    .update(students)
    .set({ teacherId })
    .where(and(eq(students.id, studentId), sql`${students.teacherId} is null`));
}

/** Spec §6: a teacher (active) first, then an admin, then a student; anything else cannot log in. */
async function resolveAccount(deps: TAccountsDeps, userId: string, role: string, platform: string | null, ctx: TRequestContext): Promise<TLoginResult> {
  const { db } = deps;
  const [teacher] = await db
    .select()
    .from(teachers)
    .where(or(eq(teachers.userId, userId), sql`${teachers.id}::text = ${userId}`));
  if (teacher) {
    // The password was right: the teacher is told why and by whom (decision 058), never a stranger.
    if (!isTeacherActive(teacher)) {
      throw new AppError('TEACHER_INACTIVE', undefined, undefined, { status: teacher.status, reason: teacher.statusReason ?? '' });
    }
    return { kind: 'teacher', redirectTo: '/dashboard', steps: ['foundTeacher'] };
  }
  if (role === 'admin') return { kind: 'admin', redirectTo: '/admin/dashboard', steps: ['foundAdmin'] };
  // Teaching staff (issue 28) sign in where the teacher does and land in the dashboard of the platform they work on;
  // on a teacher's own host (a platform given) the same person signs in as a student.
  if (!platform && (await actingTeacher(db, userId, undefined))) return { kind: 'teacher', redirectTo: '/dashboard', steps: ['foundStaff'] };
  const [student] = await db.select().from(students).where(eq(students.id, userId));
  if (!student) throw new AppError('ACCOUNT_TYPE_UNKNOWN');
  if (!platform) {
    const home = await homePlatform(deps, student.id, student.teacherId);
    if (!home) return { kind: 'student', redirectTo: '/student/dashboard', steps: ['foundStudent'] };
    return { kind: 'student', redirectTo: `/platform/${home}/student/dashboard`, steps: ['foundStudent', 'foundTeacherPlatform'] };
  }
  const platformTeacher = await activeTeacherBySubdomain(deps, platform);
  await joinTeacher(deps, student.id, platformTeacher.id);
  return { kind: 'student', redirectTo: studentHome(platformTeacher.subdomain, ctx), steps: ['foundStudent', 'joinedPlatform'] };
}

async function signInWithPassword(deps: TAccountsDeps, input: TLogin, ctx: TRequestContext) {
  try {
    return await deps.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: withoutCookies(ctx),
      returnHeaders: true,
    });
  } catch (error) {
    if (authErrorCode(error) === 'INVALID_EMAIL_OR_PASSWORD') throw new AppError('INVALID_CREDENTIALS');
    const [owner] = await deps.db.select({ banned: user.banned }).from(user).where(eq(user.email, input.email));
    throw new AppError(owner?.banned ? 'ACCOUNT_BANNED' : 'LOGIN_FAILED');
  }
}

/** Spec §7.4: sign out first, sign in with the password, then resolve what kind of account it is. */
export async function login(deps: TAccountsDeps, input: TLogin, ctx: TRequestContext): Promise<TWithCookies<TLoginResult>> {
  const { db } = deps;
  const cookies = await signOutPrevious(deps, ctx);
  const steps = ['signedOutPrevious'];

  const accountIpKey = `login:${input.email}:${ctx.ip}`;
  const accountKey = loginAccountKey(input.email);
  await consume(db, { key: accountIpKey, ...LIMITS.loginPerAccountAndIp });
  // An owner who used the e-mail link (unlock.ts) is not held by the per-account lock, from their address.
  if (!(await unlockedFor(deps, input.email, ctx.ip))) {
    try {
      await consume(db, { key: accountKey, ...LIMITS.loginPerAccount });
    } catch (error) {
      // The account is locked (decision 008): its owner gets the way out by e-mail, once per lock.
      await noticeLock(deps, input.email);
      throw error;
    }
  }

  const signedIn = await withPasswordSlot(() => signInWithPassword(deps, input, ctx));
  await clear(db, accountIpKey, accountKey);
  steps.push('signedIn');

  const { user: account, token } = signedIn.response;
  try {
    const platform = input.platform ?? ctx.hostSubdomain;
    const resolved = await resolveAccount(deps, account.id, String(account.role ?? 'student'), platform, ctx);
    if (resolved.kind === 'admin') {
      await audit(db, { actorUserId: account.id, actorRole: 'admin', action: 'admin.login', targetType: 'user', targetId: account.id, ip: ctx.ip });
    }
    return { result: { ...resolved, steps: [...steps, ...resolved.steps, 'redirecting'] }, cookies: [...cookies, ...cookiesOf(signedIn.headers)] };
  } catch (error) {
    // No session may outlive a refused login.
    await db.delete(session).where(eq(session.token, token));
    throw error;
  }
}

export async function logout({ auth }: TAccountsDeps, ctx: TRequestContext): Promise<TWithCookies<{ ok: true }>> {
  const out = await auth.api.signOut({ headers: ctx.headers, returnHeaders: true }).catch(() => null);
  return { result: { ok: true }, cookies: cookiesOf(out?.headers) };
}

export async function logoutEverywhere(deps: TAccountsDeps, userId: string, ctx: TRequestContext): Promise<TWithCookies<{ ok: true }>> {
  await deps.db.delete(session).where(eq(session.userId, userId));
  return logout(deps, ctx);
}
