import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TStaffAccept } from '@shared/schemas/staff';
import type { TViewer } from '@server/auth';
import { audit } from '@server/core/audit';
import { staffInvitations, staffMembers, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { useOnce } from '@server/core/single-use';
import { ensureStaffSeat } from '@server/plans';
import type { TStaffDeps } from './deps';
import { readInvitationToken } from './invitation-token';

/** The invitation a link names, when it can still be used: signed, not expired, not revoked, not accepted. */
async function openInvitation({ db, secret, clock }: TStaffDeps, token: string) {
  const claim = await readInvitationToken(secret, token, clock.now());
  if (!claim) throw new AppError('STAFF_INVITATION_INVALID');
  const [row] = await db
    .select({ invitation: staffInvitations, teacherName: teachers.name, subdomain: teachers.subdomain })
    .from(staffInvitations)
    .innerJoin(teachers, eq(teachers.id, staffInvitations.teacherId))
    .where(eq(staffInvitations.id, claim.id));
  const usable =
    row && !row.invitation.revokedAt && !row.invitation.acceptedAt && row.invitation.expiresAt > clock.now() && row.invitation.email === claim.email;
  if (!usable) throw new AppError('STAFF_INVITATION_INVALID');
  return { ...row, claim };
}

/** What the accept page shows: whose platform, which role, for which e-mail, and whether that e-mail has an account. */
export async function previewInvitation(deps: TStaffDeps, token: string) {
  const { invitation, teacherName, subdomain } = await openInvitation(deps, token);
  const [account] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${invitation.email}`);
  return {
    teacherName,
    subdomain,
    email: invitation.email,
    role: invitation.role,
    hasAccount: Boolean(account),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation (issue 28): with the signed-in account when its e-mail is the invited one, or with a new
 * account for that e-mail (the link proves the mailbox, so it is verified). The link's `jti` is spent in
 * used_tokens, so a second use is refused even at the same instant; the seat is checked again.
 */
export async function acceptInvitation(deps: TStaffDeps, input: TStaffAccept, viewer: TViewer | null, headers: Headers) {
  const { db, clock } = deps;
  const { invitation, claim, teacherName } = await openInvitation(deps, input.token);
  let cookies: string[] = [];
  let userId = viewer?.userId;
  if (viewer && viewer.email.toLowerCase() !== invitation.email) throw new AppError('STAFF_WRONG_ACCOUNT');
  if (!viewer) {
    if (!input.name || !input.password) throw new AppError('UNAUTHENTICATED');
    const fresh = new Headers(headers);
    fresh.delete('cookie');
    const created = await deps.auth.api
      .signUpEmail({ body: { name: input.name, email: invitation.email, password: input.password }, headers: fresh, returnHeaders: true })
      .catch(() => {
        throw new AppError('EMAIL_TAKEN');
      });
    userId = created.response.user.id;
    cookies = created.headers?.getSetCookie() ?? [];
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  }
  const now = clock.now();
  await db.transaction(async (tx) => {
    if (!(await useOnce(tx, { jti: claim.id, scope: 'staff-invitation', expiresAt: new Date(claim.exp * 1000) })))
      throw new AppError('STAFF_INVITATION_INVALID');
    const [taken] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now, acceptedBy: userId! })
      .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .returning({ id: staffInvitations.id });
    if (!taken) throw new AppError('STAFF_INVITATION_INVALID');
    await ensureStaffSeat(tx, invitation.teacherId, now, invitation.id);
    const [added] = await tx
      .insert(staffMembers)
      .values({ teacherId: invitation.teacherId, userId: userId!, role: invitation.role, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: staffMembers.id });
    if (!added) throw new AppError('STAFF_ALREADY_MEMBER');
    await audit(tx, {
      actorUserId: userId!,
      actorRole: 'staff',
      action: 'staff.joined',
      targetType: 'staff_member',
      targetId: added.id,
      teacherId: invitation.teacherId,
      details: { email: invitation.email, role: invitation.role },
    });
  });
  return { result: { teacherId: invitation.teacherId, teacherName, role: invitation.role, redirectTo: '/dashboard' }, cookies };
}
