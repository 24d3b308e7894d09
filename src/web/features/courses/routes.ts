import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

const teacher = {
  courses: () => import('./teacher/courses-page').then((m) => m.TeacherCoursesPage),
  editor: () => import('./teacher/course-editor-page').then((m) => m.CourseEditorPage),
  codes: () => import('./teacher/codes-page').then((m) => m.CodesPage),
  batch: () => import('./teacher/batch-page').then((m) => m.BatchPage),
  students: () => import('./teacher/students-page').then((m) => m.StudentsPage),
  quiz: () => import('./teacher/quiz-page').then((m) => m.QuizPage),
};

const student = {
  subscriptions: () => import('./student/subscriptions-page').then((m) => m.MySubscriptionsPage),
  course: () => import('./student/course-page').then((m) => m.StudentCoursePage),
  lesson: () => import('./student/lesson-page').then((m) => m.LessonPage),
  redeemLink: () => import('./student/redeem-link-page').then((m) => m.RedeemLinkPage),
};

/** Children of /teacher (inside the teacher layout). */
export const coursesTeacherRoutes: RouteObject[] = [
  page('courses', teacher.courses),
  page('courses/:courseId', teacher.editor),
  page('codes', teacher.codes),
  page('codes/:batchId', teacher.batch),
  page('students', teacher.students),
  page('dashboard/courses/quizzes/:courseId', teacher.quiz),
];

/** Children of student/dashboard (inside the student layout), after its index page. */
export const coursesStudentRoutes: RouteObject[] = [
  page('subscriptions', student.subscriptions),
  page('courses/:courseId', student.course),
  page('courses/:courseId/lessons/:lessonId', student.lesson),
  page('redeem', student.redeemLink),
];

/** Public screens on a teacher's host: the page a card's QR code opens (decision 106). */
export const coursesPublicRoutes: RouteObject[] = [page('redeem', () => import('./card-link/card-link-page').then((m) => m.CardLinkPage))];

/** Children of /platform/{subdomain} (inside the public layout): screens a visitor sees without an account. */
export const coursesPlatformRoutes: RouteObject[] = [
  page('preview/courses/:courseId/lessons/:lessonId', () => import('./video-preview-page').then((m) => m.VideoPreviewPage)),
];

/**
 * Public routes around teachers' pages (spec §2.5), inside the public layout: a teacher's preview of a lesson as
 * their page shows it. /landing/{id} and the /t/ /p/ /teacher/ redirects are answered by the server
 * (src/server/landing/mount.ts) before the app.
 */
export const coursesTeacherPreviewRoutes: RouteObject[] = [
  page('t/:subdomain/preview/courses/:courseId/lessons/:lessonId', () => import('./lesson-preview-page').then((m) => m.LessonPreviewPage), {
    // Only the course's own, signed-in teacher sees it: the header offers their dashboard, not "sign in".
    header: 'teacher',
  }),
];
