import { and, eq } from 'drizzle-orm';
import type { TConfig } from '../config';
import type { Db } from '../db/client';
import { courses, lessons } from '../db/schema';
import { AppError } from '../errors';
import type { TCodeKeys } from './codes-crypto';

/** Time as the courses domain sees it; tests replace `now` to move through scheduled releases and expiries. */
export type TClock = { now: () => Date };

export type TCoursesDeps = {
  db: Db;
  config: TConfig;
  clock: TClock;
  keys: TCodeKeys;
  uploadsDir: string;
  /** A course's card on the landing page may have changed (published, withdrawn, edited, new plans): the landing cache drops it. */
  onCoursesChanged: (teacherId: string) => void;
};

/** Who did it, from where: for the audit log. */
export type TActor = { userId: string; ip: string };

/** Any Drizzle handle: the database or a transaction. */
export type TTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const DAY_MS = 24 * 60 * 60_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The teacher's own course, or 404: ids of other teachers' courses behave as if they did not exist. */
export async function ownCourse(db: TTx, teacherId: string, courseId: string) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.teacherId, teacherId)));
  if (!course) throw new AppError('COURSE_NOT_FOUND');
  return course;
}

export async function ownLesson(db: TTx, teacherId: string, lessonId: string) {
  const [lesson] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.teacherId, teacherId)));
  if (!lesson) throw new AppError('LESSON_NOT_FOUND');
  return lesson;
}

export function platformUrl(config: Pick<TConfig, 'publicHost' | 'publicHttps'>, subdomain: string): string {
  return `${config.publicHttps ? 'https' : 'http'}://${subdomain}.${config.publicHost}`;
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** Ids in URLs are UUIDs; anything else cannot name a row, and must not reach PostgreSQL as a uuid cast error. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
