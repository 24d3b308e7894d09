import type { TAppEnv } from '@server/core/env';
import type { TTeacherRow, TViewer } from './guards';
import type { TStaffContext } from './staff-access';

/*
 * Sign-in and sessions (Better Auth) and the guards every domain's routes put in front of their handlers.
 * Other domains import this file only.
 */

export { createAuth, type TAuth } from './create-auth';
export { activeTeacher, guards, loadViewer, viewerOf, type TGuards, type TTeacherRow, type TViewer } from './guards';
export { resolveAuthSecret } from './secret';
export { actingTeacher, type TStaffContext } from './staff-access';
export { authApi } from './api';
export { testSessionRoutes } from './test-sessions';

/** The context of a route behind `requireTeacher`: a domain's teacher routes are typed with it. */
export type TTeacherEnv = TAppEnv & { Variables: { viewer: TViewer; teacher: TTeacherRow; staff: TStaffContext | null } };
/** The context of a route behind `requireStudent`. */
export type TStudentEnv = TAppEnv & { Variables: { viewer: TViewer; studentId: string } };
