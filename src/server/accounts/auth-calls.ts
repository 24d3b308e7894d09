import { eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { pgErrorCode } from '@server/core/db/errors';
import { teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import type { TAccountsDeps } from './deps';
import { isTeacherActive } from '@server/core/db/teacher-active';

/*
 * What the accounts use cases share: Better Auth calls (sign-up, verification, sign-out) and the look-ups
 * of an e-mail, a subdomain and an active teacher.
 */

export function authErrorCode(error: unknown): string | undefined {
  if (error instanceof APIError) return (error.body as { code?: string } | undefined)?.code;
  return undefined;
}

export function cookiesOf(headers: Headers | null | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

/** The request's headers without its cookies: sign-up and sign-in start a new identity. */
export function withoutCookies(ctx: TRequestContext): Headers {
  const headers = new Headers(ctx.headers);
  headers.delete('cookie');
  return headers;
}

export async function activeTeacherBySubdomain({ db }: TAccountsDeps, subdomain: string) {
  const [teacher] = await db
    .select()
    .from(teachers)
    .where(sql`lower(${teachers.subdomain}) = ${subdomain.toLowerCase()}`);
  if (!teacher) throw new AppError('PLATFORM_NOT_FOUND');
  if (!isTeacherActive(teacher)) throw new AppError('TEACHER_INACTIVE');
  return teacher;
}

export async function emailTaken({ db }: TAccountsDeps, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  return Boolean(row);
}

export async function subdomainTaken({ db }: TAccountsDeps, subdomain: string) {
  const [row] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(sql`lower(${teachers.subdomain}) = ${subdomain}`);
  return Boolean(row);
}

/** Better Auth creates the user, its password account and a session. */
export async function signUp(deps: TAccountsDeps, input: { name: string; email: string; password: string }, ctx: TRequestContext) {
  try {
    return await deps.auth.api.signUpEmail({ body: input, headers: withoutCookies(ctx), returnHeaders: true });
  } catch (error) {
    const code = authErrorCode(error);
    if (code?.startsWith('USER_ALREADY_EXISTS')) throw new AppError('EMAIL_TAKEN');
    // Two sign-ups with one e-mail at once: both passed the check, the unique index let one in. Better Auth
    // reports the loser's failed insert as its own error, so the e-mail is looked up again.
    if (await emailTaken(deps, input.email.toLowerCase())) throw new AppError('EMAIL_TAKEN');
    if (pgErrorCode(error) === '23505') throw new AppError('DUPLICATE_ACCOUNT');
    throw new AppError('ACCOUNT_CREATE_FAILED');
  }
}

/** If the profile cannot be created, the half-made account is removed so the e-mail is free again. */
export async function createProfileOrUndo(
  { db }: TAccountsDeps,
  userId: string,
  create: () => Promise<void>,
  fallback: 'PROFILE_CREATE_FAILED' | 'ACCOUNT_CREATE_FAILED',
) {
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
export async function sendVerification({ auth }: TAccountsDeps, email: string, ctx: TRequestContext, next?: string) {
  // `next` (a checked path, ZStudentRegister) is where the sign-up was going: /verify offers to continue there.
  const callbackURL = next ? `/verify?confirmed=1&next=${encodeURIComponent(next)}` : '/verify?confirmed=1';
  await auth.api.sendVerificationEmail({ body: { email, callbackURL }, headers: withoutCookies(ctx) });
}

/**
 * After sign-up the account exists and is committed: a mail server that is down must not turn that
 * into an error (the user would retry and hit "e-mail taken"). The failure is logged and the user can
 * ask for the message again from the dashboard or /verify.
 */
export async function sendVerificationAfterSignUp(deps: TAccountsDeps, email: string, ctx: TRequestContext, next?: string) {
  try {
    await sendVerification(deps, email, ctx, next);
  } catch (err) {
    deps.logger.error({ err, to: email }, 'verification e-mail not sent after sign-up');
  }
}

/** Ends the session this browser had, if any; its cookie-clearing headers are returned. */
export async function signOutPrevious({ auth }: TAccountsDeps, ctx: TRequestContext): Promise<string[]> {
  if (!ctx.headers.get('cookie')) return [];
  const out = await auth.api.signOut({ headers: ctx.headers, returnHeaders: true }).catch(() => null);
  return cookiesOf(out?.headers);
}

export function studentHome(subdomain: string, ctx: TRequestContext) {
  return ctx.hostSubdomain === subdomain ? '/student/dashboard' : `/platform/${subdomain}/student/dashboard`;
}
