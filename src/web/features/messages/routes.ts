import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** Child of the student area: {student area}/messages. */
export const messagesStudentRoute: RouteObject = page('messages', () => import('./student-messages-page').then((m) => m.StudentMessagesPage));

/** Child of /admin/dashboard: the teachers' feedback, answered by the admins. */
export const feedbackAdminRoute: RouteObject = page('teacher-feedback', () => import('./admin-feedback-page').then((m) => m.AdminFeedbackPage));

/** Child of /dashboard: feedback to Darsi. */
export const feedbackTeacherRoute: RouteObject = page('feedback', () => import('./feedback-page').then((m) => m.FeedbackPage));
