import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** Children of /teacher (inside the teacher layout). */
export const subscriptionsTeacherRoutes: RouteObject[] = [page('students', () => import('./teacher/students-page').then((m) => m.StudentsPage))];
