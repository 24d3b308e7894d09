import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { roleAllows, STAFF_PLATFORM_COOKIE } from '@shared/staff';
import type { TConfig } from '@server/core/config';
import type { Db } from '@server/core/db/client';
import { clientIp } from '@server/core/request-context';
import { session, students, type teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TAuth } from './create-auth';
import { actingTeacher, auditStaffChange, checkStaffRoute, chosenPlatform, type TStaffContext } from './staff-access';

export type TViewer = {
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: string;
  language: string;
};
export type TTeacherRow = typeof teachers.$inferSelect;

/**
 * The signed-in user, read from the session cookie. Every guard checks the database on every request,
 * so a suspended teacher or a banned user is refused at once, whatever a client cached.
 */
export async function loadViewer(auth: TAuth, db: Db, headers: Headers): Promise<TViewer | null> {
  return viewerOf(db, await auth.api.getSession({ headers }).catch(sessionLookupFailed));
}

/**
 * A malformed cookie is no session; a failed lookup (the database is down, Better Auth answers 500) is not a
 * signed-out user: answering 401 then would send every signed-in teacher to the login page during a
 * PostgreSQL restart (R9). It is 503, and the client retries.
 */
function sessionLookupFailed(error: unknown): null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 500) throw new AppError('DATABASE_UNAVAILABLE');
  return null;
}

/** The viewer for a session Better Auth already returned; null when there is none or the user is banned. */
export async function viewerOf(db: Db, found: { user: { id: string } } | null): Promise<TViewer | null> {
  if (!found) return null;
  const [row] = await db.select().from(user).where(eq(user.id, found.user.id));
  if (!row) return null;
  if (row.banned) {
    await db.delete(session).where(eq(session.userId, row.id));
    return null;
  }
  return { userId: row.id, name: row.name, email: row.email, emailVerified: row.emailVerified, role: row.role, language: row.language };
}

/**
 * The signed-in user's teacher record when it is active (the teacher guard's rule), for routes outside Hono's guards
 * (the video uploads): a staff member's employer when their role may edit content (issue 28).
 */
export async function activeTeacher(auth: TAuth, db: Db, headers: Headers): Promise<TTeacherRow | null> {
  const viewer = await loadViewer(auth, db, headers);
  if (!viewer) return null;
  const chosen = new RegExp(`(?:^|;\\s*)${STAFF_PLATFORM_COOKIE}=([^;]+)`).exec(headers.get('cookie') ?? '')?.[1];
  const acting = await actingTeacher(db, viewer.userId, chosen);
  if (!acting || (acting.staff && !roleAllows(acting.staff.role, 'content'))) return null;
  return acting.teacher;
}

export function guards(auth: TAuth, db: Db, config: Pick<TConfig, 'trustProxy'>) {
  const requireUser = createMiddleware<{ Variables: { viewer: TViewer } }>(async (c, next) => {
    const viewer = await loadViewer(auth, db, c.req.raw.headers);
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    c.set('viewer', viewer);
    await next();
  });

  /**
   * Spec §6 teacher guard: a session and an *active* teacher record for that user, or a staff member of an active
   * teacher acting for them with a role that allows the route (issue 28, staff-access.ts); a staff member's
   * changes are audited for the teacher.
   */
  const requireTeacher = createMiddleware<{ Variables: { viewer: TViewer; teacher: TTeacherRow; staff: TStaffContext | null } }>(async (c, next) => {
    const viewer = await loadViewer(auth, db, c.req.raw.headers);
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    const acting = await actingTeacher(db, viewer.userId, chosenPlatform(c));
    if (!acting) throw new AppError('FORBIDDEN');
    if (acting.staff) checkStaffRoute(c, acting.staff);
    c.set('viewer', viewer);
    c.set('teacher', acting.teacher);
    c.set('staff', acting.staff);
    await next();
    if (acting.staff) await auditStaffChange(db, c, acting.teacher.id, acting.staff, clientIp(c, config));
  });

  /** Spec §6 student guard: a session and a student row whose id is the user id. */
  const requireStudent = createMiddleware<{ Variables: { viewer: TViewer; studentId: string } }>(async (c, next) => {
    const viewer = await loadViewer(auth, db, c.req.raw.headers);
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    const [student] = await db.select({ id: students.id }).from(students).where(eq(students.id, viewer.userId));
    if (!student) throw new AppError('FORBIDDEN');
    c.set('viewer', viewer);
    c.set('studentId', student.id);
    await next();
  });

  /** The admin role, not "any session" (docs/decisions/006-admin-guard.md). */
  const requireAdmin = createMiddleware<{ Variables: { viewer: TViewer } }>(async (c, next) => {
    const viewer = await loadViewer(auth, db, c.req.raw.headers);
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    if (viewer.role !== 'admin') throw new AppError('FORBIDDEN');
    c.set('viewer', viewer);
    await next();
  });

  return { requireUser, requireTeacher, requireStudent, requireAdmin };
}

export type TGuards = ReturnType<typeof guards>;
