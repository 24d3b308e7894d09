import { and, eq } from 'drizzle-orm';
import { dateToAlgiersLocal } from '@shared/courses';
import { courses, liveAttendance, liveSessions, students, teachers, user } from '@server/core/db/schema';
import type { TSeedStep } from './index';

const DAY = 86_400_000;
const MINUTE = 60_000;
const COURSE_TITLE = 'الرياضيات — الدوال الأسية واللوغاريتمية';

/**
 * Live sessions of the demo course (issue 14), in external-link mode (no meeting service configured): a weekly
 * evening review the demo student sees on My Subscriptions, and last week's session with its attendance.
 */
export const LIVE_SEED_STEPS: TSeedStep[] = [
  {
    name: 'live-sessions',
    run: async (services) => {
      const { db } = services;
      const [teacher] = await db.select().from(teachers).where(eq(teachers.subdomain, 'demo'));
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .innerJoin(user, eq(user.id, students.id))
        .where(eq(user.email, 'student@darsi.test'));
      if (!teacher || !student) return;
      const [course] = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.teacherId, teacher.id), eq(courses.title, COURSE_TITLE)));
      if (!course) return;

      // Tomorrow at 18:00 (Algiers), then every week for a month.
      const tomorrow = dateToAlgiersLocal(new Date(Date.now() + DAY)).slice(0, 10);
      const until = dateToAlgiersLocal(new Date(Date.now() + 29 * DAY)).slice(0, 10);
      await services.live.sessions.createSessions(teacher, {
        title: 'حصة مراجعة مباشرة: الدوال الأسية',
        courseId: course.id,
        startsAt: `${tomorrow}T18:00`,
        durationMinutes: 90,
        capacity: null,
        lobby: false,
        target: 'course',
        groupIds: [],
        externalUrl: 'https://meet.jit.si/darsi-demo-revision-exponentielle',
        repeatWeeklyUntil: until,
      });

      // Last week's session, already held: written directly (scheduling refuses a start in the past).
      const startsAt = new Date(Date.now() - 6 * DAY);
      startsAt.setUTCHours(17, 0, 0, 0);
      const [past] = await db
        .insert(liveSessions)
        .values({
          teacherId: teacher.id,
          courseId: course.id,
          title: 'حصة مباشرة: مدخل إلى الدالة الأسية',
          startsAt,
          durationMinutes: 90,
          externalUrl: 'https://meet.jit.si/darsi-demo-intro',
        })
        .returning({ id: liveSessions.id });
      await db.insert(liveAttendance).values({
        teacherId: teacher.id,
        sessionId: past!.id,
        studentId: student.id,
        deviceId: 'demo-device',
        joinedAt: new Date(startsAt.getTime() + 3 * MINUTE),
        lastSeenAt: new Date(startsAt.getTime() + 82 * MINUTE),
        leftAt: new Date(startsAt.getTime() + 82 * MINUTE),
      });
    },
  },
];
