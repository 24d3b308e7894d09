import { eq } from 'drizzle-orm';
import { courses, students } from '@server/core/db/schema';
import type { TCodesDeps } from './deps';

/* What the notification centre hears from activation codes (issue 26): a code waits, a code was decided. */

async function studentName(deps: TCodesDeps, studentId: string): Promise<string> {
  const [row] = await deps.db.select({ name: students.name }).from(students).where(eq(students.id, studentId));
  return row?.name ?? '';
}

export async function noticeCodeWaiting(deps: TCodesDeps, teacherId: string, studentId: string, hmac: string): Promise<void> {
  if (!deps.notify) return;
  await deps.notify({
    teacherId,
    kind: 'codeRequest',
    eventKey: `code-request:${hmac}:${studentId}`,
    toTeacher: true,
    // The teacher's hourly e-mail about waiting codes (waiting-mail.ts) stays the one e-mail.
    ownEmail: true,
    params: { student: await studentName(deps, studentId) },
    link: '/teacher/codes#code-requests',
  });
}

export async function noticeCodeDecided(
  deps: TCodesDeps,
  teacherId: string,
  requestId: string,
  studentId: string,
  outcome: { courseId: string } | { last2: string },
) {
  if (!deps.notify) return;
  const accepted = 'courseId' in outcome;
  const [course] = accepted ? await deps.db.select({ title: courses.title }).from(courses).where(eq(courses.id, outcome.courseId)) : [];
  await deps.notify({
    teacherId,
    kind: 'codeDecided',
    eventKey: `code-decided:${requestId}`,
    users: [studentId],
    params: accepted ? { context: 'accepted', course: course?.title ?? '' } : { context: 'refused', last2: outcome.last2 },
    link: accepted ? `/student/dashboard/courses/${outcome.courseId}` : '/student/dashboard/subscriptions',
  });
}

/** A student redeemed a code: a new enrollment (or an extension) for the teacher to see. */
export async function noticeEnrollment(deps: TCodesDeps, teacherId: string, studentId: string, hmac: string, outcome: { courseTitle: string }) {
  if (!deps.notify) return;
  await deps.notify({
    teacherId,
    kind: 'enrollment',
    eventKey: `enrollment:code:${hmac}:${studentId}`,
    toTeacher: true,
    params: { student: await studentName(deps, studentId), course: outcome.courseTitle },
    link: '/teacher/students',
  });
}
