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
