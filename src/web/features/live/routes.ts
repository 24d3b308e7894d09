import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

const teacher = {
  list: () => import('./teacher/live-sessions-page').then((m) => m.LiveSessionsPage),
  session: () => import('./teacher/session-page').then((m) => m.SessionPage),
  room: () => import('./room/teacher-room-page').then((m) => m.TeacherRoomPage),
};

/** Children of /teacher (inside the teacher layout). */
export const liveTeacherRoutes: RouteObject[] = [
  page('live-sessions', teacher.list),
  page('live-sessions/:sessionId', teacher.session),
  page('live-sessions/:sessionId/room', teacher.room),
];

/** Children of student/dashboard: the join page. */
export const liveStudentRoutes: RouteObject[] = [page('live/:sessionId', () => import('./room/student-room-page').then((m) => m.StudentRoomPage))];
