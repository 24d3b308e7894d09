import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { TAdminRegister } from '@shared/schemas/accounts';
import type { TAdminInvitation } from '@shared/schemas/admin';
import type { TAuth } from '@server/auth';
import type { Db } from '@server/core/db/client';
import { adminInvitations, auditLog, session, students, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { audit } from '@server/core/audit';
import type { TMailer } from '@server/core/mailer';

const INVITATION_HOURS = 72;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameSecret(a: string, b: string) {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return timingSafeEqual(x, y);
}

/** A former admin keeps their account (and their audit trail) but can no longer sign in anywhere. */
const REVOKED_ROLE = 'revoked';

/**
 * Locks every admin row (FOR UPDATE), then checks that `adminId` is an admin and that another active
 * admin would remain without them. Concurrent removals wait for each other and see each other's result.
 */
async function lockOtherAdmins(tx: Db, adminId: string) {
  const admins = await tx.select({ id: user.id, banned: user.banned }).from(user).where(eq(user.role, 'admin')).for('update');
  if (!admins.some((a) => a.id === adminId)) throw new AppError('NOT_FOUND');
  if (!admins.some((a) => a.id !== adminId && !a.banned)) throw new AppError('LAST_ADMIN');
}

/** Who did it, for the audit log. */
export type TActor = { userId: string; ip: string };

type TAdminsDeps = { db: Db; auth: TAuth; mailer: TMailer; bootstrapToken: string | undefined };

/**
 * Admin accounts are never open for sign-up: the first one needs the one-time bootstrap token from the
 * environment (usable only while no admin exists); every later one needs an existing admin's invitation.
 */
export function adminsService({ db, auth, mailer, bootstrapToken }: TAdminsDeps) {
  async function adminCount() {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.role, 'admin'));
    return row?.n ?? 0;
  }

  async function emailHasAccount(email: string) {
    const [row] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`);
    return Boolean(row);
  }

  const usable = (token: string, email: string) =>
    and(
      eq(adminInvitations.tokenHash, sha256(token)),
      isNull(adminInvitations.usedAt),
      gt(adminInvitations.expiresAt, sql`now()`),
      sql`lower(${adminInvitations.email}) = ${email}`,
    );

  /** Marks the invitation used, unless another request got there first; its id, to give it back on failure. */
  async function claimInvitation(token: string, email: string) {
    const [invitation] = await db.update(adminInvitations).set({ usedAt: sql`now()` }).where(usable(token, email)).returning({ id: adminInvitations.id });
    return invitation?.id;
  }

  /**
   * Sign-up may fail after Better Auth wrote the user (sending the verification e-mail, say) without
   * telling us its id: it is then found by its e-mail, which had no account before this attempt. Only an
   * account that is nobody's yet (no admin role, no teacher or student profile) is removed.
   */
  async function removeHalfMadeAccount(knownId: string | undefined, email: string) {
    const ids = knownId ? [knownId] : (await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`)).map((u) => u.id);
    if (ids.length === 0) return;
    await db.delete(user).where(
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
  async function createAdmin(input: TAdminRegister, ctx: TRequestContext, via: 'bootstrap' | 'invitation', invitationId?: string) {
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
        await audit(tx, { actorUserId: createdId, actorRole: 'admin', action: 'admin.registered', targetType: 'user', targetId: createdId, details: { via }, ip: ctx.ip });
      });
      return created.headers.getSetCookie();
    } catch (error) {
      if (invitationId) await db.update(adminInvitations).set({ usedAt: null }).where(eq(adminInvitations.id, invitationId));
      // Someone registered this e-mail between the check and the sign-up: that account is theirs, not ours.
      if (error instanceof APIError && String((error.body as { code?: string } | undefined)?.code).startsWith('USER_ALREADY_EXISTS')) throw new AppError('EMAIL_TAKEN');
      await removeHalfMadeAccount(adminId, input.email);
      if (error instanceof AppError) throw error;
      throw new AppError('ACCOUNT_CREATE_FAILED');
    }
  }

  return {
    /**
     * The invitation is checked first (so that nobody without a valid one learns which e-mails have accounts),
     * then the e-mail, and only then claimed: an invitation for an e-mail that meanwhile got an account
     * is refused with EMAIL_TAKEN and stays usable.
     */
    async register(input: TAdminRegister, ctx: TRequestContext) {
      const bootstrapMatches = Boolean(bootstrapToken && sameSecret(input.token, bootstrapToken));
      const viaBootstrap = bootstrapMatches && (await adminCount()) === 0;
      if (!viaBootstrap) {
        const [invitation] = await db.select({ id: adminInvitations.id }).from(adminInvitations).where(usable(input.token, input.email));
        if (!invitation) throw new AppError(bootstrapMatches ? 'ADMIN_SIGNUP_CLOSED' : 'INVITATION_INVALID');
      }
      if (await emailHasAccount(input.email)) throw new AppError('EMAIL_TAKEN');
      const invitationId = viaBootstrap ? undefined : await claimInvitation(input.token, input.email);
      if (!viaBootstrap && !invitationId) throw new AppError('INVITATION_INVALID');
      const cookies = await createAdmin(input, ctx, viaBootstrap ? 'bootstrap' : 'invitation', invitationId);
      return { result: { redirectTo: '/admin/dashboard' }, cookies };
    },

    /**
     * An e-mail that already has an account (teacher, student, admin or former admin) cannot be invited:
     * the link could never be used. A new invitation replaces any still pending for the same e-mail, so
     * only the latest link works. The link is built from the configured public host, never from the
     * request's Host header, which a client chooses.
     */
    async invite(input: TAdminInvitation, invitedBy: string, ctx: TRequestContext, publicOrigin: string) {
      if (await emailHasAccount(input.email)) throw new AppError('INVITATION_EMAIL_REGISTERED');
      const language = input.language ?? ctx.language;
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx.delete(adminInvitations).where(and(sql`lower(${adminInvitations.email}) = ${input.email}`, isNull(adminInvitations.usedAt)));
        await tx.insert(adminInvitations).values({
          email: input.email,
          tokenHash: sha256(token),
          invitedBy,
          expiresAt: sql`now() + interval '${sql.raw(String(INVITATION_HOURS))} hours'`,
        });
        await audit(tx, { actorUserId: invitedBy, actorRole: 'admin', action: 'admin.invited', details: { email: input.email, language }, ip: ctx.ip });
      });
      // `lng` opens the registration page in the invitation's language.
      const link = `${publicOrigin}/admin/register?${new URLSearchParams({ token, email: input.email, lng: language }).toString()}`;
      await mailer.sendTemplate(input.email, language, 'adminInvitation', { link });
      return { link, expiresInHours: INVITATION_HOURS };
    },

    /** Withdraws an invitation not used yet: its link stops working at once. */
    async cancelInvitation(invitationId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .delete(adminInvitations)
          .where(and(eq(adminInvitations.id, invitationId), isNull(adminInvitations.usedAt)))
          .returning({ email: adminInvitations.email });
        if (!invitation) throw new AppError('NOT_FOUND');
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'admin',
          action: 'admin.invitation_cancelled',
          targetType: 'invitation',
          targetId: invitationId,
          details: { email: invitation.email },
          ip: actor.ip,
        });
        return { cancelled: true as const };
      });
    },

    /**
     * Anything but 'active' ends the teacher's sessions immediately (and their subdomain shows /inactive).
     * Setting the status the teacher already has changes nothing and writes no audit entry.
     */
    async setTeacherStatus(teacherId: string, status: 'active' | 'inactive' | 'suspended', actor: TActor) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: teachers.status, isActive: teachers.isActive, subdomain: teachers.subdomain })
          .from(teachers)
          .where(eq(teachers.id, teacherId))
          .for('update');
        if (!before) throw new AppError('NOT_FOUND');
        if (before.status === status && before.isActive === (status === 'active')) return { status, subdomain: before.subdomain };
        const [teacher] = await tx
          .update(teachers)
          .set({ status, isActive: status === 'active' })
          .where(eq(teachers.id, teacherId))
          .returning({ userId: teachers.userId, subdomain: teachers.subdomain });
        if (status !== 'active') await tx.delete(session).where(eq(session.userId, teacher!.userId));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'admin',
          action: 'teacher.status_changed',
          targetType: 'teacher',
          targetId: teacherId,
          teacherId,
          details: { from: before.status, to: status },
          ip: actor.ip,
        });
        return { status, subdomain: teacher!.subdomain };
      });
    },

    /** Admins (active ones first) and the invitations not used yet. */
    async list(viewerId: string) {
      const admins = await db
        .select({ id: user.id, name: user.name, email: user.email, banned: user.banned, createdAt: user.createdAt })
        .from(user)
        .where(eq(user.role, 'admin'))
        .orderBy(asc(user.banned), asc(user.createdAt));
      const lastLogins = await db
        .select({ userId: auditLog.actorUserId, at: sql<string>`max(${auditLog.createdAt})` })
        .from(auditLog)
        .where(inArray(auditLog.action, ['admin.login', 'admin.registered']))
        .groupBy(auditLog.actorUserId);
      const lastLogin = new Map(lastLogins.map((l) => [l.userId, l.at ? new Date(l.at).toISOString() : null]));
      const invitations = await db
        .select({ id: adminInvitations.id, email: adminInvitations.email, expiresAt: adminInvitations.expiresAt, createdAt: adminInvitations.createdAt, invitedBy: user.name })
        .from(adminInvitations)
        .leftJoin(user, eq(user.id, adminInvitations.invitedBy))
        .where(and(isNull(adminInvitations.usedAt), gt(adminInvitations.expiresAt, sql`now()`)))
        .orderBy(desc(adminInvitations.createdAt));
      return {
        admins: admins.map((a) => ({ ...a, isYou: a.id === viewerId, lastLoginAt: lastLogin.get(a.id) ?? null })),
        invitations,
      };
    },

    /**
     * Takes the admin role away and ends the person's sessions. Locking every admin row first makes two
     * admins who revoke each other at the same moment take turns, so one of them always remains.
     */
    async revoke(adminId: string, actor: TActor) {
      return db.transaction(async (tx) => {
        await lockOtherAdmins(tx, adminId);
        await tx.update(user).set({ role: REVOKED_ROLE }).where(eq(user.id, adminId));
        await tx.delete(session).where(eq(session.userId, adminId));
        await audit(tx, {
          actorUserId: actor.userId,
          actorRole: 'admin',
          action: 'admin.revoked',
          targetType: 'user',
          targetId: adminId,
          ip: actor.ip,
        });
        return { revoked: true as const };
      });
    },
  };
}

export type TAdminsService = ReturnType<typeof adminsService>;
