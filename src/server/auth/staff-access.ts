import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { matchedRoutes } from 'hono/route';
import { roleAllows, STAFF_PLATFORM_COOKIE, type TStaffRole } from '@shared/staff';
import { audit } from '@server/core/audit';
import type { Db } from '@server/core/db/client';
import { staffMembers, teachers } from '@server/core/db/schema';
import { teacherIsActive } from '@server/core/db/teacher-active';
import { AppError } from '@server/core/errors';
import { STAFF_ROUTES } from './staff-routes';

/*
 * Teaching staff behind the teacher guard (issue 28, decision 170). A staff session acts for the employer: the
 * guard gives the employer's teacher row (so every teacher route keeps filtering by `teacher.id`) and the staff
 * member's role; the route's line in staff-routes.ts names the permission it needs, and a route without a line
 * is refused to staff. Every change a staff member makes is written to the teacher's audit log.
 */

export type TStaffContext = { memberId: string; role: TStaffRole; userId: string };
type TTeacherRow = typeof teachers.$inferSelect;

/** Whom the signed-in user acts for: their own platform, or the one they chose among those they work on. */
export async function actingTeacher(db: Db, userId: string, chosen: string | undefined): Promise<{ teacher: TTeacherRow; staff: TStaffContext | null } | null> {
  const [own] = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.userId, userId), teacherIsActive));
  if (own && (!chosen || chosen === own.id)) return { teacher: own, staff: null };
  const memberships = await db
    .select({ member: staffMembers, teacher: teachers })
    .from(staffMembers)
    .innerJoin(teachers, eq(teachers.id, staffMembers.teacherId))
    .where(and(eq(staffMembers.userId, userId), teacherIsActive))
    .orderBy(asc(staffMembers.createdAt));
  const picked = memberships.find((m) => m.teacher.id === chosen) ?? (own ? null : memberships[0]);
  if (!picked) return own ? { teacher: own, staff: null } : null;
  return { teacher: picked.teacher, staff: { memberId: picked.member.id, role: picked.member.role as TStaffRole, userId } };
}

export const chosenPlatform = (c: Context) => getCookie(c, STAFF_PLATFORM_COOKIE);

/** The route's pattern as the app registered it (`POST /api/codes/teacher/codes/:codeId/sold`). */
export function routeKey(c: Context): string {
  // The first route (not a middleware) that matches: the one that answers; catch-alls registered later follow it.
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL' && r.path.startsWith('/api/'));
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  return `${method} ${route?.path ?? c.req.path}`;
}

/** Refuses the route to a staff member whose role lacks its permission (or when the route has no line). */
export function checkStaffRoute(c: Context, staff: TStaffContext) {
  const permission = STAFF_ROUTES[routeKey(c)];
  if (!permission || !roleAllows(staff.role, permission)) throw new AppError('STAFF_FORBIDDEN');
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** After the route ran: a change a staff member made goes to the employer's audit log, with who made it. */
export async function auditStaffChange(db: Db, c: Context, teacherId: string, staff: TStaffContext, ip: string) {
  if (READS.has(c.req.method) || c.res.status >= 400) return;
  await audit(db, {
    actorUserId: staff.userId,
    actorRole: 'staff',
    action: 'staff.action',
    teacherId,
    details: { method: c.req.method, route: routeKey(c).split(' ')[1], role: staff.role, status: c.res.status },
    ip,
  });
}
