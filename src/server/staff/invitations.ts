import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TLanguage } from '@shared/i18n';
import type { TStaffInvite } from '@shared/schemas/staff';
import { STAFF_INVITATION_DAYS } from '@shared/staff';
import { audit } from '@server/core/audit';
import { emailHtml, paragraphsOf } from '@server/core/email-html';
import { staffInvitations, staffMembers, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { ensureStaffSeat, staffSeats } from '@server/plans';
import type { TStaffDeps, TTeamActor } from './deps';
import { invitationToken } from './invitation-token';
import { staffText } from './texts';

const DAY_MS = 86_400_000;

/**
 * Invites a person by e-mail with a role (issue 28): refused when every seat of the plan is taken (402 with the
 * way to a larger plan) or when that e-mail is already on the team; a waiting invitation to the same e-mail is
 * replaced (only the latest link works). The link is built from the configured public host.
 */
export async function invite(deps: TStaffDeps, teacherId: string, input: TStaffInvite, language: TLanguage, actor: TTeamActor) {
  const { db, clock, config, secret } = deps;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_INVITATION_DAYS * DAY_MS);
  const invitation = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .innerJoin(user, eq(user.id, staffMembers.userId))
      .where(and(eq(staffMembers.teacherId, teacherId), sql`lower(${user.email}) = ${input.email}`));
    const [owner] = await tx.select({ email: teachers.email }).from(teachers).where(eq(teachers.id, teacherId));
    if (member || owner?.email.toLowerCase() === input.email) throw new AppError('STAFF_ALREADY_MEMBER');
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.teacherId, teacherId),
          eq(staffInvitations.email, input.email),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    await ensureStaffSeat(tx, teacherId, now);
    const [row] = await tx.insert(staffInvitations).values({ teacherId, email: input.email, role: input.role, expiresAt, createdAt: now }).returning();
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'staff.invited',
      targetType: 'staff_member',
      targetId: row!.id,
      teacherId,
      details: { email: input.email, role: input.role },
      ip: actor.ip,
    });
    return row!;
  });
  const [teacher] = await db.select({ name: teachers.name }).from(teachers).where(eq(teachers.id, teacherId));
  const token = await invitationToken(secret, invitation.id, input.email, expiresAt);
  const lng = input.language ?? language;
  const origin = `${config.publicHttps ? 'https' : 'http'}://${config.publicHost}`;
  const link = `${origin}/staff/accept?${new URLSearchParams({ token, lng }).toString()}`;
  const params = { teacher: teacher?.name ?? '', role: staffText(lng, `roles.${input.role}`), link, days: STAFF_INVITATION_DAYS };
  const subject = staffText(lng, 'mail.subject', params);
  const text = staffText(lng, 'mail.body', params);
  await deps.mailer.send({ to: input.email, subject, text, html: await emailHtml({ lng, title: subject, paragraphs: paragraphsOf(text) }) });
  return { id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: expiresAt.toISOString() };
}

/** Withdraws an invitation not used yet: its link stops working at once and its seat is free. */
export async function revokeInvitation({ db, clock }: TStaffDeps, teacherId: string, invitationId: string, actor: TTeamActor) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(staffInvitations.id, invitationId),
          eq(staffInvitations.teacherId, teacherId),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'staff.invitation_revoked',
      targetType: 'staff_member',
      targetId: invitationId,
      teacherId,
      details: { email: row.email },
      ip: actor.ip,
    });
    return { revoked: true as const };
  });
}

/** The teacher's staff page: members (with their e-mail), invitations still waiting, and the plan's seats. */
export async function team({ db, clock }: TStaffDeps, teacherId: string) {
  const now = clock.now();
  const members = await db
    .select({ id: staffMembers.id, name: user.name, email: user.email, role: staffMembers.role, userId: staffMembers.userId, since: staffMembers.createdAt })
    .from(staffMembers)
    .innerJoin(user, eq(user.id, staffMembers.userId))
    .where(eq(staffMembers.teacherId, teacherId))
    .orderBy(staffMembers.createdAt);
  const invitations = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.teacherId, teacherId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .orderBy(desc(staffInvitations.createdAt));
  return {
    members: members.map((m) => ({ ...m, since: m.since.toISOString() })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt.toISOString(), expired: i.expiresAt <= now })),
    seats: await staffSeats(db, teacherId, now),
  };
}
