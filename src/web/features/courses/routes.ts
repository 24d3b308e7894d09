import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

const teacher = {
  courses: () => import('./teacher/courses-page').then((m) => m.TeacherCoursesPage),
  editor: () => import('./teacher/course-editor-page').then((m) => m.CourseEditorPage),
};

/** Children of /teacher (inside the teacher layout). */
export const coursesTeacherRoutes: RouteObject[] = [page('courses', teacher.courses), page('courses/:courseId', teacher.editor)];

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
