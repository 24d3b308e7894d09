import type { RouteObject } from 'react-router';
import { page } from '@web/lib/route-helpers';

/** Children of /dashboard (inside the teacher layout). */
export const landingDashboardRoutes: RouteObject[] = [
  page('landing-pages', () => import('./list-page').then((m) => m.LandingPagesPage)),
  page('landing-pages/new', () => import('./new-page').then((m) => m.NewLandingPage)),
  page('landing-pages/:id', () => import('./editor-page').then((m) => m.LandingEditorPage)),
];
