// Kept apart from landing-slug.ts so that the schemas (bundled for the browser) do not pull in transliteration.

/**
 * First path segments that are the app's own screens on a teacher's host: the footer links to /register
 * and /login, and reloading a student screen must not end on the debug 404
 * (docs/decisions/021-landing-routing.md).
 */
export const APP_SEGMENTS: ReadonlySet<string> = new Set([
  'login',
  'register',
  'verify',
  'dashboard',
  'platform',
  'teacher',
  'student',
  'admin',
  'forgot-password',
  'reset-password',
  'documentation',
  'teacher-documentation',
]);

/** Segments no page may take, by custom slug or by title slug: the app's screens, files and redirects. */
const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...APP_SEGMENTS,
  'api',
  'assets',
  'locales',
  'landing',
  'landing-assets',
  'landing-page-sw.js',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  '404',
  'inactive',
  't',
  'p',
  'index.html',
  'landing-contact',
  'service-worker.js',
  // The teacher's platform pages on their host (issue 15).
  'teach',
  'courses',
  'certificates',
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug.toLowerCase());
}
