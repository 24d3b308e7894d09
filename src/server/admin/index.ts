/*
 * The admin domain: admins (bootstrap, invitations, revocation), the teachers' list and actions, the
 * inboxes of the public site, the overview and the audit log. Other domains import this file only.
 */
export { adminsService } from './admins';
export { adminRoutes } from './routes';
export { adminTeachersService } from './teachers';
