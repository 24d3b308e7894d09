import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@server/core/db/client';
import { courses, teacherLandingPages } from '@server/core/db/schema';

/** Courses and landing pages belong to other domains; the admin area only counts them. */
async function count(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

const ofTeacher = (column: typeof courses.teacherId | typeof teacherLandingPages.teacherId, teacherId?: string) =>
  teacherId ? eq(column, teacherId) : undefined;

/** Archived courses are left out, as in the plan limits (docs/decisions/033-plan-limits-and-trial.md). */
export const countCourses = (db: Db) => count(db, courses, ne(courses.status, 'archived'));

export const countPublishedCourses = (db: Db, teacherId?: string) =>
  count(db, courses, and(eq(courses.status, 'published'), ofTeacher(courses.teacherId, teacherId)));

export const countPublishedPages = (db: Db, teacherId?: string) =>
  count(db, teacherLandingPages, and(eq(teacherLandingPages.isPublished, true), ofTeacher(teacherLandingPages.teacherId, teacherId)));
