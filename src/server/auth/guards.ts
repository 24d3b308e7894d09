import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Db } from '@server/core/db/client';
import { session, students, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TAuth } from './create-auth';

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

/** The signed-in user's teacher record when it is active (the teacher guard's rule), for routes outside Hono's guards. */
export async function activeTeacher(auth: TAuth, db: Db, headers: Headers): Promise<TTeacherRow | null> {
  const viewer = await loadViewer(auth, db, headers);
  if (!viewer) return null;
  const [teacher] = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.userId, viewer.userId), eq(teachers.status, 'active'), eq(teachers.isActive, true)));
  return teacher ?? null;
}

export function guards(auth: TAuth, db: Db) {
  const requireUser = createMiddleware<{ Variables: { viewer: TViewer } }>(async (c, next) => {
    const viewer = await loadViewer(auth, db, c.req.raw.headers);
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    c.set('viewer', viewer);
    await next();
  });

  /** Spec §6 teacher guard: a session and an *active* teacher record for that user. */
  const requireTeacher = createMiddleware<{ Variables: { viewer: TViewer; teacher: TTeacherRow } }>(async (c, next) => {
    const viewer = await loadViewer(auth, db, c.req.raw.headers);
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    const [teacher] = await db
      .select()
      .from(teachers)
      .where(and(eq(teachers.userId, viewer.userId), eq(teachers.status, 'active'), eq(teachers.isActive, true)));
    if (!teacher) throw new AppError('FORBIDDEN');
    c.set('viewer', viewer);
    c.set('teacher', teacher);
    await next();
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
