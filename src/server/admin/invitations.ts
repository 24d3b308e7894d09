import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TAdminInvitation } from '@shared/schemas/admin';
import { audit, type TActor } from '@server/core/audit';
import { adminInvitations } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import type { TAdminDeps } from './deps';
import { emailHasAccount, INVITATION_HOURS, sha256 } from './invitation-tokens';

/**
 * An e-mail that already has an account (teacher, student, admin or former admin) cannot be invited:
 * the link could never be used. A new invitation replaces any still pending for the same e-mail, so
 * only the latest link works. The link is built from the configured public host, never from the
 * request's Host header, which a client chooses.
 */
export async function invite({ db, mailer, config }: TAdminDeps, input: TAdminInvitation, invitedBy: string, ctx: TRequestContext) {
  if (await emailHasAccount(db, input.email)) throw new AppError('INVITATION_EMAIL_REGISTERED');
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
  const publicOrigin = `${config.publicHttps ? 'https' : 'http'}://${config.publicHost}`;
  const link = `${publicOrigin}/admin/register?${new URLSearchParams({ token, email: input.email, lng: language }).toString()}`;
  await mailer.sendTemplate(input.email, language, 'adminInvitation', { link });
  return { link, expiresInHours: INVITATION_HOURS };
}

/** Withdraws an invitation not used yet: its link stops working at once. */
export async function cancelInvitation({ db }: TAdminDeps, invitationId: string, actor: TActor) {
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
}
