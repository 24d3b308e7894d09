import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';

export type TLearningDeps = {
  db: Db;
  clock: TClock;
  /** The completion that finished a course: the certificates domain issues its certificate (wired in services.ts). */
  onCourseCompleted: (studentId: string, courseId: string) => Promise<unknown>;
  /** The student's coming live sessions on a platform or all (the live domain, wired in services.ts). */
  upcomingLive: (studentId: string, platform: string | null) => Promise<TUpcomingLive[]>;
  /** The student's best counted quiz mark and the day of the first 100% (the quizzes domain, wired in services.ts). */
  perfectScore?: (studentId: string) => Promise<TPerfectScore>;
};

export type TPerfectScore = { bestPercent: number; earnedOn: string | null };

type TUpcomingLive = {
  id: string;
  title: string;
  courseId: string;
  courseTitle: string;
  teacherName: string;
  startsAt: string;
  durationMinutes: number;
  endsAt: string;
  opensAt: string;
  status: string;
};
