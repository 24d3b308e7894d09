import type { TVideoDataSaver } from '@shared/schemas/video';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { courses, enrollments, lessons } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import type { TCoursesDeps, TTeacher } from './deps';
import { coverUrl, planView, teacherLessonView } from './views';
import { activePlans, outlineOf } from './queries';
import { ownCourse } from './queries';
import { planUsage } from '@server/plans';

async function lessonCounts(db: TTx, courseIds: string[]) {
  if (courseIds.length === 0) return new Map<string, number>();
  const rows = await db.select({ courseId: lessons.courseId, n: count() }).from(lessons).where(inArray(lessons.courseId, courseIds)).groupBy(lessons.courseId);
  return new Map(rows.map((r) => [r.courseId, r.n]));
}

export function usage({ db, clock }: TCoursesDeps, teacher: TTeacher) {
  return planUsage(db, teacher, clock.now());
}

export async function list(deps: TCoursesDeps, teacher: TTeacher) {
  const { db, clock } = deps;
  const rows = await db.select().from(courses).where(eq(courses.teacherId, teacher.id)).orderBy(desc(courses.createdAt));
  const ids = rows.map((r) => r.id);
  const counts = await lessonCounts(db, ids);
  const students = ids.length
    ? await db
        .select({ courseId: enrollments.courseId, n: count() })
        .from(enrollments)
        .where(and(inArray(enrollments.courseId, ids), eq(enrollments.status, 'active')))
        .groupBy(enrollments.courseId)
    : [];
  const plans = await activePlans(db, ids);
  return {
    courses: rows.map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      kind: c.kind,
      status: c.status,
      coverUrl: coverUrl(c),
      lessonCount: counts.get(c.id) ?? 0,
      studentCount: students.find((s) => s.courseId === c.id)?.n ?? 0,
      plans: plans.filter((p) => p.courseId === c.id).map(planView),
      updatedAt: c.updatedAt.toISOString(),
    })),
    usage: await planUsage(db, teacher, clock.now()),
  };
}

export async function get(deps: TCoursesDeps, teacherId: string, courseId: string) {
  const { db } = deps;
  const course = await ownCourse(db, teacherId, courseId);
  const outline = await outlineOf(db, courseId);
  const plans = await activePlans(db, [courseId]);
  const [enrolled] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    kind: course.kind,
    status: course.status,
    coverUrl: coverUrl(course),
    videoDataSaver: course.videoDataSaver as TVideoDataSaver,
    offlineDays: course.offlineDays,
    offlineDevices: course.offlineDevices,
    plans: plans.map(planView),
    enrollmentCount: enrolled?.n ?? 0,
    sections: outline.map(({ section, lessons: ls }) => ({ id: section.id, title: section.title, lessons: ls.map(teacherLessonView) })),
  };
}
