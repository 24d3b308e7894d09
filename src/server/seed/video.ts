import { and, asc, eq } from 'drizzle-orm';
import { courses, courseSections, lessons, teachers } from '@server/core/db/schema';
import type { TSeedStep } from './index';

/**
 * Demo data of the video domain: a video lesson in the demo's organized course, placed right after the two
 * lessons the demo student has completed so that it is open to her, with a real encrypted video made in the
 * background (video/demo-video.ts). Until it is ready the student does not see the lesson at all. It is a free
 * preview too, so the demo's public course page plays it to visitors.
 */
export const VIDEO_SEED_STEPS: TSeedStep[] = [
  {
    name: 'video',
    run: async (services) => {
      const { db } = services;
      const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
      if (!teacher) return;
      const [course] = await db
        .select()
        .from(courses)
        .where(and(eq(courses.teacherId, teacher.id), eq(courses.kind, 'organized')))
        .orderBy(asc(courses.createdAt))
        .limit(1);
      if (!course) return;
      const sections = await db.select().from(courseSections).where(eq(courseSections.courseId, course.id)).orderBy(asc(courseSections.position));
      const first = sections[0];
      if (!first) return;
      const lesson = await services.courses.content.addLesson(teacher.id, course.id, {
        sectionId: first.id,
        title: 'شرح مصوّر: التمثيل البياني للدالة الأسية',
        type: 'video',
        bodyHtml: '<p>بعد مشاهدة الشرح يأتي دور التمارين.</p>',
        url: '',
        releaseAt: null,
      });
      const order = await Promise.all(
        sections.map(async (s) => ({
          id: s.id,
          lessonIds: (
            await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.sectionId, s.id)).orderBy(asc(lessons.position), asc(lessons.createdAt))
          )
            .map((l) => l.id)
            .filter((id) => id !== lesson.id),
        })),
      );
      order[0]!.lessonIds.splice(2, 0, lesson.id);
      await services.courses.content.reorder(teacher.id, course.id, { sections: order });
      // Also a free preview: a visitor plays it on the course's public page without an account (decision 075).
      await services.courses.content.updateLesson(teacher.id, lesson.id, { freePreview: true });
      await services.video.makeDemoVideo(teacher.id, lesson.id);
    },
  },
];
