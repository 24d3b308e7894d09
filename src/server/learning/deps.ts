import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';

export type TLearningDeps = {
  db: Db;
  clock: TClock;
  /** The completion that finished a course: the certificates domain issues its certificate (wired in services.ts). */
  onCourseCompleted: (studentId: string, courseId: string) => Promise<unknown>;
  /** The student's coming live sessions on a platform or all (the live domain, wired in services.ts). */
  upcomingLive: (studentId: string, platform: string | null) => Promise<TUpcomingLive[]>;
};

type TUpcomingLive = { id: string; title: string; courseId: string; courseTitle: string; teacherName: string; startsAt: string; durationMinutes: number; endsAt: string; opensAt: string; status: string };
