import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';

export type TLearningDeps = {
  db: Db;
  clock: TClock;
  /** The completion that finished a course: the certificates domain issues its certificate (wired in services.ts). */
  onCourseCompleted: (studentId: string, courseId: string) => Promise<unknown>;
};
