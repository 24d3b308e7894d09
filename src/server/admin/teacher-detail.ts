import { desc, eq, sql } from 'drizzle-orm';
import { PLANS } from '@shared/plans';
import type { Db } from '@server/core/db/client';
import { courses, teachers, teacherStudents, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import { planUsage, staffSeats } from '@server/plans';
import { listAudit } from './audit-log';
import { countPublishedCourses, countPublishedPages } from './counts';
import type { TAdminDeps } from './deps';
import { onTrial } from './teacher-list';

/** The detail page lists this many of the teacher's courses, newest first (the count covers them all). */
const COURSE_LIST_LIMIT = 50;
/** …and this many of the latest audit entries about the teacher. */
const HISTORY_LIMIT = 10;

export async function teacherById(db: Db, teacherId: string) {
  const [teacher] = await db.select().from(teachers).where(eq(teachers.id, teacherId));
  if (!teacher) throw new AppError('NOT_FOUND');
  return teacher;
}

/** Profile, platform link, plan, how much of the plan's limits is used, and the latest admin actions. */
export async function teacherDetail({ db, config }: TAdminDeps, teacherId: string) {
  const teacher = await teacherById(db, teacherId);
  const [trial] = await db.select({ onTrial }).from(teachers).where(eq(teachers.id, teacher.id));
  const [account] = await db.select({ emailVerified: user.emailVerified, language: user.language }).from(user).where(eq(user.id, teacher.userId));
  const [members] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teacherStudents)
    .where(eq(teacherStudents.teacherId, teacher.id));
  // The same usage the plan limits are enforced with (docs/decisions/033-plan-limits-and-trial.md).
  const usage = await planUsage(db, teacher, new Date());
  const [publishedCourses, publishedPages] = await Promise.all([countPublishedCourses(db, teacher.id), countPublishedPages(db, teacher.id)]);
  const courseList = await db
    .select({ id: courses.id, title: courses.title, status: courses.status, createdAt: courses.createdAt })
    .from(courses)
    .where(eq(courses.teacherId, teacher.id))
    .orderBy(desc(courses.createdAt))
    .limit(COURSE_LIST_LIMIT);
  // The latest entries, formatted like the audit log's; the screen links to the full, filtered log.
  const history = await listAudit(db, { teacher: teacher.id, page: 1, pageSize: HISTORY_LIMIT });
  return {
    id: teacher.id,
    name: teacher.name,
    email: teacher.email,
    emailVerified: account?.emailVerified ?? false,
    language: account?.language ?? 'ar',
    subdomain: teacher.subdomain,
    platformUrl: `${config.publicHttps ? 'https' : 'http'}://${teacher.subdomain}.${config.publicHost}`,
    status: teacher.status,
    statusReason: teacher.statusReason,
    plan: teacher.plan,
    trialEndsAt: teacher.trialEndsAt,
    onTrial: trial?.onTrial ?? false,
    createdAt: teacher.createdAt,
    usage: {
      students: usage.students,
      courses: usage.courses,
      // Lesson files and videos against the plan's 15, 30 or 100 GB (the courses domain enforces it).
      storage: usage.storage,
      // Staff seats (spec §9, issue 28): members and invitations still waiting, against the plan's 0, 3 or 10.
      staff: await staffSeatUsage(db, teacher.id, PLANS.find((p) => p.id === teacher.plan)?.staff ?? 0),
    },
    studentCount: members?.n ?? 0,
    publishedCourses,
    publishedPages,
    courses: courseList,
    history,
  };
}

async function staffSeatUsage(db: Db, teacherId: string, limit: number) {
  const seats = await staffSeats(db, teacherId, new Date());
  return { used: seats.members + seats.invitations, limit };
}
