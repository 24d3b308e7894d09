import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { TAdminRegister } from '@shared/schemas/accounts';
import { ACCOUNT_LIMITS, consume } from '@server/core/attempt-limits';
import { audit } from '@server/core/audit';
import { adminInvitations, students, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import type { TAdminDeps } from './deps';
import { emailHasAccount, sameSecret, usable } from './invitation-tokens';

/*
 * Admin accounts are never open for sign-up: the first one needs the one-time bootstrap token from the
 * environment (usable only while no admin exists); every later one needs an existing admin's invitation.
 */

async function adminCount({ db }: TAdminDeps) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(eq(user.role, 'admin'));
  return row?.n ?? 0;
}

/** Marks the invitation used, unless another request got there first; its id, to give it back on failure. */
async function claimInvitation({ db }: TAdminDeps, token: string, email: string) {
  const [invitation] = await db
    .update(adminInvitations)
    .set({ usedAt: sql`now()` })
    .where(usable(token, email))
    .returning({ id: adminInvitations.id });
  return invitation?.id;
}

/**
 * Sign-up may fail after Better Auth wrote the user (sending the verification e-mail, say) without
 * telling us its id: it is then found by its e-mail, which had no account before this attempt. Only an
 * account that is nobody's yet (no admin role, no teacher or student profile) is removed.
 */
async function removeHalfMadeAccount({ db }: TAdminDeps, knownId: string | undefined, email: string) {
  const ids = knownId
    ? [knownId]
    : (
        await db
          .select({ id: user.id })
          .from(user)
          .where(sql`lower(${user.email}) = ${email}`)
      ).map((u) => u.id);
  if (ids.length === 0) return;
  await db
    .delete(user)
    .where(
      and(
        inArray(user.id, ids),
        ne(user.role, 'admin'),
        notExists(db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, user.id))),
        notExists(db.select({ id: students.id }).from(students).where(eq(students.id, user.id))),
      ),
    );
}

/**
 * Creates the account and makes it an admin. Better Auth writes through its own connection, so this
 * cannot be one transaction with the claim: on any failure the half-made account is removed and the
 * invitation given back, and the person can simply try again with the same link.
 */
async function createAdmin(deps: TAdminDeps, input: TAdminRegister, ctx: TRequestContext, via: 'bootstrap' | 'invitation', invitationId?: string) {
  const { db, auth } = deps;
  let adminId: string | undefined;
  try {
    const created = await auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: ctx.headers,
      returnHeaders: true,
    });
    const createdId = created.response.user.id;
    adminId = createdId;
    await db.transaction(async (tx) => {
      await tx.update(user).set({ role: 'admin', language: ctx.language }).where(eq(user.id, createdId));
      await audit(tx, {
        actorUserId: createdId,
        actorRole: 'admin',
        action: 'admin.registered',
        targetType: 'user',
        targetId: createdId,
        details: { via },
        ip: ctx.ip,
      });
    });
    return created.headers.getSetCookie();
  } catch (error) {
    if (invitationId) await db.update(adminInvitations).set({ usedAt: null }).where(eq(adminInvitations.id, invitationId));
    // Someone registered this e-mail between the check and the sign-up: that account is theirs, not ours.
    if (error instanceof APIError && String((error.body as { code?: string } | undefined)?.code).startsWith('USER_ALREADY_EXISTS'))
      throw new AppError('EMAIL_TAKEN');
    await removeHalfMadeAccount(deps, adminId, input.email);
    if (error instanceof AppError) throw error;
    throw new AppError('ACCOUNT_CREATE_FAILED');
  }
}

/**
 * The invitation is checked first (so that nobody without a valid one learns which e-mails have accounts),
 * then the e-mail, and only then claimed: an invitation for an e-mail that meanwhile got an account
 * is refused with EMAIL_TAKEN and stays usable.
 */
export async function registerAdmin(deps: TAdminDeps, input: TAdminRegister, ctx: TRequestContext) {
  const { db, bootstrapToken } = deps;
  // Tokens are unguessable, but every try costs a password hash: tries are limited per IP (decision 008).
  await consume(db, { key: `admin-register:${ctx.ip}`, ...ACCOUNT_LIMITS.adminRegisterPerIp });
  const bootstrapMatches = Boolean(bootstrapToken && sameSecret(input.token, bootstrapToken));
  const viaBootstrap = bootstrapMatches && (await adminCount(deps)) === 0;
  if (!viaBootstrap) {
    const [invitation] = await db.select({ id: adminInvitations.id }).from(adminInvitations).where(usable(input.token, input.email));
    if (!invitation) throw new AppError(bootstrapMatches ? 'ADMIN_SIGNUP_CLOSED' : 'INVITATION_INVALID');
  }
  if (await emailHasAccount(db, input.email)) throw new AppError('EMAIL_TAKEN');
  const invitationId = viaBootstrap ? undefined : await claimInvitation(deps, input.token, input.email);
  if (!viaBootstrap && !invitationId) throw new AppError('INVITATION_INVALID');
  const cookies = await createAdmin(deps, input, ctx, viaBootstrap ? 'bootstrap' : 'invitation', invitationId);
  return { result: { redirectTo: '/admin/dashboard' }, cookies };
}
