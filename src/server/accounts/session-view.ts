import { count, eq } from 'drizzle-orm';
import { actingTeacher, type TTeacherRow, type TViewer } from '@server/auth';
import { ROLE_PERMISSIONS } from '@shared/staff';
import type { Db } from '@server/core/db/client';
import { staffMembers, students, teachers, teacherStudents } from '@server/core/db/schema';
import { isTeacherActive } from '@server/core/db/teacher-active';

/** What the web needs to know about whoever is signed in: enough for guards and the top bar. */
export async function sessionView(db: Db, viewer: TViewer, chosenPlatform?: string) {
  const acting = await actingTeacher(db, viewer.userId, chosenPlatform);
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
    isTeacher: Boolean((teacher && isTeacherActive(teacher)) || acting?.staff),
    teacher: acting?.staff ? teacherFields(acting.teacher) : teacher ? { ...teacher, trialEndsAt: teacher.trialEndsAt?.toISOString() ?? null } : null,
    /** A staff member working on `teacher`'s platform (issue 28): their role and what it allows, for the web to hide the rest. */
    staff: acting?.staff ? { role: acting.staff.role, permissions: ROLE_PERMISSIONS[acting.staff.role] } : null,
    /** How many teams the person is on: a teacher who is also staff elsewhere gets the way to switch. */
    staffPlatforms: (await db.select({ n: count() }).from(staffMembers).where(eq(staffMembers.userId, viewer.userId)))[0]?.n ?? 0,
    student: student ? { ...student, platforms } : null,
  };
}

function teacherFields(t: TTeacherRow) {
  const { id, name, subdomain, status, isActive, plan } = t;
  return { id, name, subdomain, status, isActive, plan, trialEndsAt: t.trialEndsAt?.toISOString() ?? null };
}
