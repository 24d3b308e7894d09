import { and, asc, eq } from 'drizzle-orm';
import type { TSeedStep } from '.';
import { courses, courseSections, lessons, students, teachers, user } from '@server/core/db/schema';
import { DEMO_ACCOUNTS, DEMO_SUBDOMAIN } from './demo-accounts';

/**
 * Issue 15 demo data: the demo course's first lesson is a free preview on its public page, the demo teacher
 * shows a phone and WhatsApp number to buy cards, and the demo student has completed the free course, so
 * that a certificate is there to download and check after `npm start`.
 */
export const PLATFORM_SEED_STEPS: TSeedStep[] = [
  {
    name: 'platform-previews-and-certificates',
    run: async (services) => {
      const { db } = services;
      const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, DEMO_SUBDOMAIN));
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .innerJoin(user, eq(user.id, students.id))
        .where(eq(user.email, DEMO_ACCOUNTS.student));
      if (!teacher || !student) return;
      if (!teacher.contactPhone && !teacher.contactWhatsapp) {
        await db.update(teachers).set({ contactPhone: '+213555123456', contactWhatsapp: '+213555123456' }).where(eq(teachers.id, teacher.id));
      }
      // In outline order: the first lesson of the first section is the one a visitor should preview.
      const own = await db
        .select({ course: courses, lesson: lessons })
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
        .where(and(eq(courses.teacherId, teacher.id), eq(courses.status, 'published')))
        .orderBy(asc(courseSections.position), asc(courseSections.createdAt), asc(lessons.position), asc(lessons.createdAt));
      const paid = own.find((r) => r.course.kind === 'organized');
      if (paid) await services.courses.content.updateLesson(teacher.id, paid.lesson.id, { freePreview: true });
      const free = own.filter((r) => r.course.kind === 'regular');
      const first = free[0];
      if (!first) return;
      await services.learning.enrollFree(student.id, first.course.id, { hostSubdomain: null }, '127.0.0.1').catch(() => undefined);
      // Completing the last lesson issues the certificate, as it does for any student (decision 069).
      for (const row of free.filter((r) => r.course.id === first.course.id))
        await services.learning.complete(student.id, row.lesson.id, { hostSubdomain: null });
    },
  },
];
