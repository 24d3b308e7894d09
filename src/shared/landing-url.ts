/**
 * Which links and image addresses a teacher's landing page may carry. Teachers type them; visitors click
 * them, so only schemes that cannot run code pass: http(s), mailto, tel, same-site paths and in-page
 * anchors. The check runs when a page is saved and again when it is rendered (older rows, JSON strings).
 */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// Images over https only: an http image on an https page is mixed content (blocked or flagged by browsers).
const IMAGE_PROTOCOLS = new Set(['https:']);
const ANCHOR = /^#[\w-]{0,100}$/;
/** Our own uploads: generated names only. */
const UPLOAD_PATH = /^\/landing-assets\/uploads\/[a-z0-9-]+\.(webp|png|jpg)$/;
// Control characters, whitespace and backslashes are how scheme filters get fooled ("java\tscript:").
// eslint-disable-next-line no-control-regex
const SUSPICIOUS = /[\u0000-\u0020\u007f-\u009f\\<>"'`]/;
const MAX_URL_LENGTH = 2048;

function parsedProtocol(value: string): string | null {
  try {
    return new URL(value).protocol;
  } catch {
    return null;
  }
}

export function isSafeLinkUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  if (value.startsWith('#')) return ANCHOR.test(value);
  if (SUSPICIOUS.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  const protocol = parsedProtocol(value);
  return protocol !== null && LINK_PROTOCOLS.has(protocol);
}

export function isSafeImageUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  if (SUSPICIOUS.test(value)) return false;
  if (value.startsWith('/')) return UPLOAD_PATH.test(value);
  const protocol = parsedProtocol(value);
  return protocol !== null && IMAGE_PROTOCOLS.has(protocol);
}

/** A link that leaves the site (opens in a new tab with noopener). */
export function isExternalUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}
