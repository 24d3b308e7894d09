import { and, eq, gt } from 'drizzle-orm';
import type { TViewer } from '@server/auth';
import { lessons, students, teachers, videoLeases } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TVideoDeps } from './deps';
import { isTeacherActive } from '@server/core/db/teacher-active';

export type TEntitlement = { role: 'teacher' | 'student'; teacherId: string; courseId: string };

/**
 * Who may watch a lesson's video: the course's own (active) teacher, as a preview, or a student whose
 * subscription is active and for whom the lesson is open (the learning domain's locks). Anyone else gets
 * one answer, VIDEO_FORBIDDEN, whatever the reason.
 */
export async function entitlement(deps: TVideoDeps, userId: string, lessonId: string): Promise<TEntitlement> {
  const [lesson] = await deps.db
    .select({ teacherId: lessons.teacherId, courseId: lessons.courseId, ownerUserId: teachers.userId, status: teachers.status, isActive: teachers.isActive })
    .from(lessons)
    .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
    .where(eq(lessons.id, lessonId));
  if (!lesson) throw new AppError('VIDEO_FORBIDDEN');
  if (lesson.ownerUserId === userId && isTeacherActive(lesson)) return { role: 'teacher', teacherId: lesson.teacherId, courseId: lesson.courseId };
  const [student] = await deps.db.select({ id: students.id }).from(students).where(eq(students.id, userId));
  if (!student) throw new AppError('VIDEO_FORBIDDEN');
  try {
    await deps.learning.openLesson(student.id, lessonId, { hostSubdomain: null });
  } catch (error) {
    if (error instanceof AppError) throw new AppError('VIDEO_FORBIDDEN');
    throw error;
  }
  return { role: 'student', teacherId: lesson.teacherId, courseId: lesson.courseId };
}

/**
 * The viewer's screen still holds the lease (the newest device wins, decision 064) and it has not lapsed: a
 * device that stopped sending heartbeats (closed, or a script that only downloads) is dropped LEASE_SECONDS after
 * its last one and gets no playlist, segment or key until a heartbeat of the same session takes the lease back
 * (issue 23.7). Returns when the lease lapses, or null when the session does not hold it.
 */
export async function leaseEnd(deps: TVideoDeps, userId: string, sessionId: string): Promise<Date | null> {
  const [lease] = await deps.db
    .select({ expiresAt: videoLeases.expiresAt })
    .from(videoLeases)
    .where(and(eq(videoLeases.userId, userId), eq(videoLeases.sessionId, sessionId), gt(videoLeases.expiresAt, deps.clock.now())));
  return lease?.expiresAt ?? null;
}

/** A masked e-mail or phone for the watermark: enough to trace a leak, not enough to read the contact. */
export function maskedContact(viewer: Pick<TViewer, 'email'>, phone: string | null): string {
  if (phone && phone.length >= 6) return `${phone.slice(0, 4)}${'•'.repeat(phone.length - 6)}${phone.slice(-2)}`;
  const [local = '', domain = ''] = viewer.email.split('@');
  const [host = '', ...rest] = domain.split('.');
  const hide = (s: string, keep: number) => `${s.slice(0, keep)}${'•'.repeat(Math.max(2, s.length - keep))}`;
  return `${hide(local, 2)}@${hide(host, 1)}${rest.length ? `.${rest.join('.')}` : ''}`;
}
