import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

const load = () => import('./notifications-page').then((m) => m.NotificationsPage);

/** /teacher/notifications, {student area}/notifications, /admin/dashboard/notifications. */
export const notificationsRoute: RouteObject = page('notifications', load);
