import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { PLANS } from '@shared/plans';
import { staffInvitations, staffMembers, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TTx } from '@server/core/db/sql';

/*
 * Spec §9 staff seats (issue 28, decision 170): none on independent, 3 on academy, 10 on institution. A member
 * takes a seat, and so does an invitation still waiting (not accepted, revoked or expired), so that the
 * invitations sent can never add up to more people than the plan holds.
 */

const seatLimit = (plan: string) => PLANS.find((p) => p.id === plan)?.staff ?? 0;

async function used(tx: TTx, teacherId: string, now: Date) {
  const [members] = await tx.select({ n: count() }).from(staffMembers).where(eq(staffMembers.teacherId, teacherId));
  const [waiting] = await tx
    .select({ n: count() })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.teacherId, teacherId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  return { members: members?.n ?? 0, invitations: waiting?.n ?? 0 };
}

/** Seats of the teacher's plan: members, waiting invitations and the limit. */
export async function staffSeats(tx: TTx, teacherId: string, now: Date) {
  const [row] = await tx.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacherId));
  return { ...(await used(tx, teacherId, now)), limit: seatLimit(row?.plan ?? 'independent') };
}

/**
 * Refuses a new invitation when every seat is taken (402 STAFF_SEATS_FULL, with the way to a larger plan). The
 * teacher's row is locked first so that two invitations at once cannot both take the last seat. `invitationId`:
 * an accepted invitation already holds its seat.
 */
export async function ensureStaffSeat(tx: TTx, teacherId: string, now: Date, invitationId?: string): Promise<void> {
  const [row] = await tx.select({ plan: teachers.plan }).from(teachers).where(eq(teachers.id, teacherId)).for('update');
  const limit = seatLimit(row?.plan ?? 'independent');
  const taken = await used(tx, teacherId, now);
  const total = taken.members + taken.invitations - (invitationId ? 1 : 0);
  if (total >= limit) throw new AppError('STAFF_SEATS_FULL', undefined, { used: total, limit }, { billing: '/dashboard/billing' });
}

/** The members who must go before moving to `plan` (the most recent first), none when they fit. */
async function staffOverPlan(tx: TTx, teacherId: string, plan: string): Promise<string[]> {
  const limit = seatLimit(plan);
  const members = await tx
    .select({ name: user.name })
    .from(staffMembers)
    .innerJoin(user, eq(user.id, staffMembers.userId))
    .where(eq(staffMembers.teacherId, teacherId))
    .orderBy(asc(staffMembers.createdAt), sql`${staffMembers.id}`);
  return members
    .slice(limit)
    .map((m) => m.name)
    .reverse();
}

/** Refuses a plan that holds fewer staff than the teacher has, naming who must go (409 STAFF_OVER_SEATS). */
export async function ensureStaffFit(tx: TTx, teacherId: string, plan: string): Promise<void> {
  const over = await staffOverPlan(tx, teacherId, plan);
  if (!over.length) return;
  const limit = seatLimit(plan);
  throw new AppError('STAFF_OVER_SEATS', undefined, { limit, used: limit + over.length, names: over.join('، ') }, { names: over.join(',') });
}
