import { hostPlatform } from '@web/lib/host-platform';

/** The student's offline lessons screen (src/shared/app-routes.ts). */
export const OFFLINE_PATH = '/student/dashboard/offline';

/** A lesson's page, where it is downloaded again (src/shared/app-routes.ts). */
export const lessonPath = (courseId: string, lessonId: string) => `/student/dashboard/courses/${courseId}/lessons/${lessonId}`;

/** Megabytes, with one decimal under 10 (shown through the `offline.mb` key in the reader's digits). */
export function megabytes(bytes: number) {
  const mb = bytes / 1_000_000;
  return mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb);
}

/**
 * Safari on iPhone and iPad clears a site's storage after seven days without a visit, unless it is installed on the
 * Home Screen: downloads are offered there only in the installed app (decision 192).
 */
export function needsInstalledApp() {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia('(display-mode: standalone)').matches;
  return ios && !standalone;
}

/**
 * The main site's worker (/service-worker.js, on Workbox) keeps the app's screens, assets and translations, so the
 * installed app opens offline on its downloaded lessons. Registered here too, for a student who never visited a
 * public page; a teacher's own host has its landing worker instead.
 */
export function registerAppWorker() {
  if (!('serviceWorker' in navigator) || hostPlatform()) return;
  void navigator.serviceWorker.register('/service-worker.js', { scope: '/' }).catch(() => undefined);
}
