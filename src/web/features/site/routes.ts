import type { RouteObject } from 'react-router';

/**
 * Darsi's public pages (spec §2.1, §2.2) are rendered by the server (src/server/site). Should the app
 * ever route to one of them itself, for example through a client-side link to "/", it hands the
 * address to the browser so that the server's page loads instead.
 */
const SERVER_PAGES = [
  '',
  'features',
  'features/courses',
  'features/students',
  'features/marketing',
  'features/payments',
  'features/tiktok-ads',
  'about',
  'contact',
  'success-stories',
  'roadmap',
  'privacy',
  'terms',
  'faq',
  'help',
  'payment',
  'teacher-documentation',
  'documentation/*',
];

const fullPageLoad = ({ request }: { request: Request }) => {
  // Loaded here directly (only `vite dev` does that, see vite.config.ts): leaving would loop.
  if (request.url === window.location.href) return null;
  window.location.assign(request.url);
  // Nothing to render: the browser is leaving this document.
  return new Promise<never>(() => undefined);
};

export const sitePublicRoutes: RouteObject[] = SERVER_PAGES.map((path) =>
  path === '' ? { index: true, loader: fullPageLoad } : { path, loader: fullPageLoad },
);
