import { bindDeps } from '@server/core/bind';
import { dashboard } from './dashboard';
import type { TLearningDeps } from './deps';
import { enrollFree } from './enroll-free';
import { complete, completeQuiz, lesson, lessonFile, openLesson, outline } from './student-course';

/*
 * The learning domain: the student's side of the courses. My Subscriptions, a course's outline and its
 * lessons with the locks decided on the server, progress, and enrolling in a free course. Other domains
 * import this file only.
 */

export { learningApi } from './routes';

export function createLearning(deps: TLearningDeps) {
  return bindDeps(deps, { dashboard, outline, lesson, complete, completeQuiz, lessonFile, openLesson, enrollFree });
}

export type TLearning = ReturnType<typeof createLearning>;
