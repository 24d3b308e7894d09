import { LANGUAGE_COOKIE, isLanguage, type TLanguage } from '@shared/i18n';

function supported(tag: string | undefined | null): TLanguage | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (isLanguage(lower)) return lower;
  const base = lower.split('-')[0];
  return lower.includes('-') && isLanguage(base) ? base : null;
}

function cookieValue(cookie: string | undefined, name: string): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Browsers send a handful of distinct Accept-Language values: each is parsed once (bounded, cleared when full). */
const acceptLanguageSeen = new Map<string, TLanguage | null>();

function fromAcceptLanguage(header: string | undefined): TLanguage | null {
  if (!header) return null;
  let lng = acceptLanguageSeen.get(header);
  if (lng === undefined) {
    if (acceptLanguageSeen.size >= 1_000) acceptLanguageSeen.clear();
    lng = parseAcceptLanguage(header);
    acceptLanguageSeen.set(header, lng);
  }
  return lng;
}

function parseAcceptLanguage(header: string): TLanguage | null {
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((e) => e.tag && Number.isFinite(e.q) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const lng = supported(tag);
    if (lng) return lng;
  }
  return null;
}

/**
 * The same order as the app's language middleware (query `lng`, the i18next cookie, Accept-Language,
 * Arabic), for the fast path that answers cached pages before the middleware runs.
 */
export function detectLanguage(queryLng: string | null, cookie: string | undefined, acceptLanguage: string | undefined): TLanguage {
  // An explicit but unknown ?lng means Arabic, as in the app's middleware (src/server/app.ts).
  if (queryLng) return supported(queryLng) ?? 'ar';
  return supported(cookieValue(cookie, LANGUAGE_COOKIE)) ?? fromAcceptLanguage(acceptLanguage) ?? 'ar';
}
