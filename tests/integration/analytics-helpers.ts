import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TTestApp } from './harness';

/* A hand-made data set for the analytics tests: rows written straight into the raw tables, at chosen instants. */

export const DAY_MS = 86_400_000;

export function rawWriter(t: TTestApp) {
  const db = t.database.db;
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  return {
    backdateTeacher: (teacherId: string, at: Date) => db.execute(sql`update teachers set created_at = ${ts(at)} where id = ${teacherId}`),
    landingViews: async (teacherId: string, day: string, n: number) => {
      const page = randomUUID();
      await db.execute(sql`insert into teacher_landing_pages (id, teacher_id, title) values (${page}, ${teacherId}, 'p')`);
      for (let i = 0; i < n; i += 1)
        await db.execute(sql`insert into landing_page_views (teacher_id, page_id, visitor, day) values (${teacherId}, ${page}, ${`v${i}`}, ${day}::date)`);
    },
    joined: (teacherId: string, studentId: string, at: Date) =>
      db.execute(sql`update teacher_students set joined_at = ${ts(at)} where teacher_id = ${teacherId} and student_id = ${studentId}`),
    enroll: async (
      teacherId: string,
      courseId: string,
      studentId: string,
      source: string,
      at: Date,
      expiresAt: Date | null = null,
      entry: string | null = null,
    ) => {
      const id = randomUUID();
      await db.execute(sql`insert into enrollments (id, teacher_id, course_id, student_id, type, source, entry, started_at, expires_at, created_at)
        values (${id}, ${teacherId}, ${courseId}, ${studentId}, 'monthly', ${source}, ${entry}, ${ts(at)}, ${expiresAt ? ts(expiresAt) : null}, ${ts(at)})`);
      return id;
    },
    progress: (teacherId: string, courseId: string, studentId: string, lessonId: string, at: Date) =>
      db.execute(
        sql`insert into lesson_progress (teacher_id, student_id, course_id, lesson_id, completed_at) values (${teacherId}, ${studentId}, ${courseId}, ${lessonId}, ${ts(at)})`,
      ),
    payment: (teacherId: string, courseId: string, studentId: string, enrollmentId: string, method: string, amount: number, at: Date) =>
      db.execute(sql`insert into ledger_entries (teacher_id, student_id, course_id, enrollment_id, method, kind, amount_dzd, source_key, created_at)
        values (${teacherId}, ${studentId}, ${courseId}, ${enrollmentId}, ${method}, 'payment', ${amount}, ${randomUUID()}, ${ts(at)})`),
    video: (teacherId: string, courseId: string, lessonId: string, durationSec: number) =>
      db.execute(
        sql`insert into lesson_videos (lesson_id, teacher_id, course_id, state, duration_sec) values (${lessonId}, ${teacherId}, ${courseId}, 'ready', ${durationSec})`,
      ),
    /** A watch session that played segments [from, to) of rendition 1 (5 s each). */
    watch: (teacherId: string, userId: string, lessonId: string, from: number, to: number, at: Date) => {
      const segments = Array.from({ length: to - from }, (_, i) => 100_000 + from + i);
      return db.execute(sql`insert into video_watches (session_id, teacher_id, user_id, lesson_id, first_at, last_at, segments, keys)
        values (${randomUUID()}, ${teacherId}, ${userId}, ${lessonId}, ${ts(at)}, ${ts(at)}, ${`{${segments.join(',')}}`}::int[], '{}'::int[])`);
    },
    count: async (query: ReturnType<typeof sql>) => Number(((await db.execute(query)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n),
  };
}
