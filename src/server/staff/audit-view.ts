import { and, eq, sql } from 'drizzle-orm';
import { auditEntries } from '@server/core/audit';
import { auditLog, user } from '@server/core/db/schema';
import type { TStaffDeps } from './deps';

const PAGE_SIZE = 50;

/**
 * The teacher's own audit log (issue 28): what was done on their platform and by whom (the teacher, a staff
 * member, a student's redemption), newest first; `person` is a user id, to read one person's actions.
 */
export async function teacherAudit({ db }: TStaffDeps, teacherId: string, query: { person?: string; page: number }) {
  const where = and(eq(auditLog.teacherId, teacherId), query.person ? eq(auditLog.actorUserId, query.person) : undefined);
  const rows = await auditEntries(db, where, { limit: PAGE_SIZE + 1, offset: (query.page - 1) * PAGE_SIZE }, {});
  // The people who did something here: the filter's choices.
  const people = await db
    .selectDistinct({ id: user.id, name: user.name })
    .from(auditLog)
    .innerJoin(user, eq(user.id, auditLog.actorUserId))
    .where(and(eq(auditLog.teacherId, teacherId), sql`${auditLog.actorRole} in ('teacher', 'staff')`));
  return {
    entries: rows.slice(0, PAGE_SIZE).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    hasMore: rows.length > PAGE_SIZE,
    people,
  };
}
