import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

const teacher = {
  manager: () => import('./teacher/manager-page').then((m) => m.ManagerPage),
  editor: () => import('./teacher/editor-page').then((m) => m.EditorPage),
  results: () => import('./teacher/results-page').then((m) => m.ResultsPage),
  grade: () => import('./teacher/grade-page').then((m) => m.GradePage),
};

const student = {
  intro: () => import('./student/intro-page').then((m) => m.IntroPage),
  take: () => import('./student/take-page').then((m) => m.TakePage),
  result: () => import('./student/result-page').then((m) => m.ResultPage),
};

/** Children of /teacher: the quiz manager keeps the URL of spec §2.4, its screens go under it. */
export const quizzesTeacherRoutes: RouteObject[] = [
  page('dashboard/courses/quizzes/:courseId', teacher.manager),
  page('dashboard/courses/quizzes/:courseId/:quizId', teacher.editor),
  page('dashboard/courses/quizzes/:courseId/:quizId/results', teacher.results),
  page('dashboard/courses/quizzes/:courseId/:quizId/attempts/:attemptId', teacher.grade),
];

/** Children of student/dashboard: a quiz's page, an attempt in progress, its result. */
export const quizzesStudentRoutes: RouteObject[] = [
  page('quizzes/:lessonId', student.intro),
  page('quizzes/attempts/:attemptId', student.take),
  page('quizzes/attempts/:attemptId/result', student.result),
];
