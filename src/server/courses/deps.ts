import type { TClock } from '@server/core/clock';
import type { Db } from '@server/core/db/client';
import type { TFilesStore } from './files';

/** What the courses domain's use cases run on (wired once in index.ts). */
export type TCoursesDeps = {
  db: Db;
  clock: TClock;
  files: TFilesStore;
  /** A course's card on the landing page may have changed (published, withdrawn, edited, new plans): the landing cache drops it. */
  onCoursesChanged: (teacherId: string) => void;
  /**
   * Lessons were deleted (alone or with their course): their processed videos in storage go too (video domain).
   * `courseId` when the whole course went: what is kept by course rather than by lesson goes too (the quizzes' bank figures).
   */
  onLessonsRemoved: (teacherId: string, lessonIds: string[], courseId?: string) => Promise<void>;
};

/** The signed-in teacher, as far as the plan limits need it. */
export type TTeacher = { id: string; plan: string; trialEndsAt: Date | null };
