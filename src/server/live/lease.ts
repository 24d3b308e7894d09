import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { liveAttendance, liveLeases } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TTx } from '@server/core/db/sql';

/*
 * One device per student and session (decision 071): the newest device takes over. Joining writes this
 * device into the lease whatever held it; the device it replaced learns it at its next heartbeat (every
 * HEARTBEAT_SECONDS) and hangs up. The lease lapses LEASE_SECONDS after the last heartbeat, which is also
 * when a silent device's visit is counted as over.
 */

export const HEARTBEAT_SECONDS = 15;
export const LEASE_SECONDS = 45;

type TKey = { teacherId: string; sessionId: string; studentId: string };

const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_SECONDS * 1000);

/** Students present now, other than this one: what a capacity counts. */
export async function othersPresent(db: TTx, sessionId: string, studentId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(liveLeases)
    .where(and(eq(liveLeases.sessionId, sessionId), ne(liveLeases.studentId, studentId), gt(liveLeases.expiresAt, now)));
  return row?.n ?? 0;
}

/**
 * Takes the lease for this device and opens its visit; the replaced device's open visit ends now. Returns the
 * replaced device's occupant in the meeting room, if it reported one (to be removed from the room: kick.ts).
 */
export async function takeLease(db: TTx, key: TKey, deviceId: string, now: Date): Promise<string | null> {
  const [before] = await db
    .select({ deviceId: liveLeases.deviceId, participantId: liveLeases.participantId })
    .from(liveLeases)
    .where(and(eq(liveLeases.sessionId, key.sessionId), eq(liveLeases.studentId, key.studentId)));
  await db
    .insert(liveLeases)
    .values({ ...key, deviceId, expiresAt: leaseEnd(now) })
    .onConflictDoUpdate({ target: [liveLeases.sessionId, liveLeases.studentId], set: { deviceId, expiresAt: leaseEnd(now), participantId: null } });
  await db
    .update(liveAttendance)
    .set({
      leftAt: sql`greatest(${liveAttendance.joinedAt}, least(${now.toISOString()}::timestamptz, ${liveAttendance.lastSeenAt} + make_interval(secs => ${LEASE_SECONDS})))`,
    })
    .where(and(eq(liveAttendance.sessionId, key.sessionId), eq(liveAttendance.studentId, key.studentId), isNull(liveAttendance.leftAt)));
  await db.insert(liveAttendance).values({ ...key, deviceId, joinedAt: now, lastSeenAt: now });
  return before && before.deviceId !== deviceId ? before.participantId : null;
}

/** A heartbeat: renews the lease if this device still holds it (noting its occupant in the room), else says it was replaced. */
export async function renewLease(db: TTx, key: Omit<TKey, 'teacherId'>, deviceId: string, now: Date, participantId?: string) {
  const renewed = await db
    .update(liveLeases)
    .set({ expiresAt: leaseEnd(now), ...(participantId ? { participantId } : {}) })
    .where(and(eq(liveLeases.sessionId, key.sessionId), eq(liveLeases.studentId, key.studentId), eq(liveLeases.deviceId, deviceId)))
    .returning({ deviceId: liveLeases.deviceId });
  if (!renewed.length) throw new AppError('LIVE_DEVICE_REPLACED');
  await db
    .update(liveAttendance)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(liveAttendance.sessionId, key.sessionId),
        eq(liveAttendance.studentId, key.studentId),
        eq(liveAttendance.deviceId, deviceId),
        isNull(liveAttendance.leftAt),
      ),
    );
}

/** The device left (IFrame videoConferenceLeft, or the page closed): its visit ends and the lease is freed. */
export async function dropLease(db: TTx, key: Omit<TKey, 'teacherId'>, deviceId: string, now: Date) {
  await db
    .update(liveAttendance)
    .set({ leftAt: now, lastSeenAt: now })
    .where(
      and(
        eq(liveAttendance.sessionId, key.sessionId),
        eq(liveAttendance.studentId, key.studentId),
        eq(liveAttendance.deviceId, deviceId),
        isNull(liveAttendance.leftAt),
      ),
    );
  await db.delete(liveLeases).where(and(eq(liveLeases.sessionId, key.sessionId), eq(liveLeases.studentId, key.studentId), eq(liveLeases.deviceId, deviceId)));
}
