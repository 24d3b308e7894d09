import { eq } from 'drizzle-orm';
import { dateToAlgiersLocal } from '@shared/courses';
import { enrollments } from '@server/core/db/schema';
import { publishedCourse, quickStudent, registerTeacher, type TTeacher } from './courses-helpers';
import type { TTestApp } from './harness';

export const MINUTE = 60_000;

/** A start on the Algiers clock, as the scheduling form sends it, `minutes` from now (whole minutes). */
export const startIn = (minutes: number) => dateToAlgiersLocal(new Date(Math.ceil((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE));

export async function subscribed(t: TTestApp, teacher: TTeacher, courseId: string, planId: string) {
  const student = await quickStudent(t, teacher);
  const res = await teacher.b.post('/api/subscriptions/teacher/enrollments', { studentId: student.id, courseId, planId });
  if (res.status !== 201) throw new Error(`enroll failed: ${await res.text()}`);
  return student;
}

/** A teacher on a plan with groups, a course, and students: subscribed, expired, and not subscribed. */
export async function liveClass(t: TTestApp, plan: 'independent' | 'academy' = 'academy') {
  const teacher = await registerTeacher(t, plan);
  const course = await publishedCourse(teacher, { lessons: 1 });
  const planId = course.planIds[0]!;
  const a = await subscribed(t, teacher, course.courseId, planId);
  const b = await subscribed(t, teacher, course.courseId, planId);
  const expired = await subscribed(t, teacher, course.courseId, planId);
  await t.database.db
    .update(enrollments)
    .set({ expiresAt: new Date(Date.now() - 86_400_000) })
    .where(eq(enrollments.studentId, expired.id));
  const outsider = await quickStudent(t, teacher);
  return { teacher, course, planId, a, b, expired, outsider };
}

export async function schedule(teacher: TTeacher, body: Record<string, unknown>) {
  const res = await teacher.b.post('/api/live/teacher/sessions', { durationMinutes: 60, externalUrl: 'https://meet.google.com/abc-defg-hij', ...body });
  const json = await teacher.b.json(res);
  if (res.status !== 201) throw new Error(`schedule failed: ${res.status} ${JSON.stringify(json)}`);
  return json as { created: number; sessionIds: string[]; seriesId: string | null };
}

export async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}
