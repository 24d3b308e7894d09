import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

const student = {
  home: () => import('./student/dashboard-page').then((m) => m.StudentDashboardPage),
  subscriptions: () => import('./student/subscriptions-page').then((m) => m.MySubscriptionsPage),
  course: () => import('./student/course-page').then((m) => m.StudentCoursePage),
  lesson: () => import('./student/lesson-page').then((m) => m.LessonPage),
};

/** Children of student/dashboard (inside the student layout): its index page first. */
export const learningStudentRoutes: RouteObject[] = [
  page('', student.home),
  page('subscriptions', student.subscriptions),
  page('courses/:courseId', student.course),
  page('courses/:courseId/lessons/:lessonId', student.lesson),
];
