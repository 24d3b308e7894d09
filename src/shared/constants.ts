/** Business constants from spec §9. Timings are in milliseconds unless the name says otherwise. */
export const DEFAULT_PRIMARY_COLOR = '#2563eb';
export const PRIMARY_COLOR_STORAGE_KEY = 'primaryColor';

export const OVERLAY_DELAY_MS = 300;
export const OVERLAY_TIP_ROTATION_MS = 5_000;
export const OVERLAY_PROGRESS_MS = 8_000;
export const OVERLAY_TIP_COUNT = 10;

export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = { success: 2_000, error: 4_000, other: 4_000 } as const;

export const TRANSLATION_PARALLEL_READS = 10;
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_RETRY_START_MS = 350;

export const SESSION_REFRESH_MS = 30 * 60_000;
export const BACKEND_TIMEOUT_MS = 30_000;

/** Spec §9 query cache: how long each kind of answer stays fresh, the cleanup period, the cache version. */
export const QUERY_LIFETIMES_MS = { profile: 300_000, course: 900_000, dashboard: 60_000, other: 600_000 } as const;
export const QUERY_CACHE_CLEANUP_MS = 5 * 60_000;
export const QUERY_CACHE_VERSION = '1.0.0';
/** Spec §9 generic timed cache default (the cached auth statuses live this long). */
export const TIMED_CACHE_DEFAULT_MS = 10 * 60_000;
/** Spec §7 client-info header: below this width a browser counts as mobile. */
export const MOBILE_MAX_WIDTH_PX = 767;

export const SUBDOMAIN_MIN_LENGTH = 3;
export const SUBDOMAIN_MAX_LENGTH = 63;
export const PASSWORD_MIN_LENGTH = 8;

export const LAUNCH_DATE = '2023-07-15';

/** Public site (spec §2.1, §4, §9): navbar, carousel swipe, main-site offline worker. */
export const NAVBAR_HIDE_AFTER_PX = 100;
export const NAVBAR_MOVE_THRESHOLD_PX = 10;
export const NAVBAR_SCROLLED_AFTER_PX = 10;
export const SWIPE_THRESHOLD_PX = 50;
export const SERVICE_WORKER_UPDATE_CHECK_MS = 60 * 60_000;
export const SERVICE_WORKER_APPLY_DELAY_MS = 3_000;
