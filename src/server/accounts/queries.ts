import { eq } from 'drizzle-orm';
import type { Db } from '@server/core/db/client';
import { teachers, teacherStudents } from '@server/core/db/schema';

/** The platforms (teachers) a student has joined, with when. */
export async function studentPlatforms(db: Db, studentId: string) {
  const platforms = await db
    .select({ id: teachers.id, name: teachers.name, subdomain: teachers.subdomain, joinedAt: teacherStudents.joinedAt })
    .from(teacherStudents)
    .innerJoin(teachers, eq(teachers.id, teacherStudents.teacherId))
    .where(eq(teacherStudents.studentId, studentId));
  return platforms.map((p) => ({ ...p, joinedAt: p.joinedAt.toISOString() }));
}
