import { eq } from 'drizzle-orm';
import type { TViewer } from '@server/auth';
import type { Db } from '@server/core/db/client';
import { students, teachers, teacherStudents } from '@server/core/db/schema';

/** What the web needs to know about whoever is signed in: enough for guards and the top bar. */
export async function sessionView(db: Db, viewer: TViewer) {
  const [teacher] = await db
    .select({
      id: teachers.id,
      name: teachers.name,
      subdomain: teachers.subdomain,
      status: teachers.status,
      isActive: teachers.isActive,
      plan: teachers.plan,
      trialEndsAt: teachers.trialEndsAt,
    })
    .from(teachers)
    .where(eq(teachers.userId, viewer.userId));
  const [student] = await db.select({ id: students.id, name: students.name }).from(students).where(eq(students.id, viewer.userId));
  const platforms = student
    ? await db
        .select({ id: teachers.id, name: teachers.name, subdomain: teachers.subdomain })
        .from(teacherStudents)
        .innerJoin(teachers, eq(teachers.id, teacherStudents.teacherId))
        .where(eq(teacherStudents.studentId, student.id))
    : [];
  return {
    user: viewer,
    isAdmin: viewer.role === 'admin',
    isTeacher: Boolean(teacher && teacher.status === 'active' && teacher.isActive),
    teacher: teacher ? { ...teacher, trialEndsAt: teacher.trialEndsAt?.toISOString() ?? null } : null,
    student: student ? { ...student, platforms } : null,
  };
}

