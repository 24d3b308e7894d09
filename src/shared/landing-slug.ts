/**
 * A page's readable slug from its title (docs/decisions/059-readable-landing-slugs.md): its words in their
 * own letters, lowercased, joined by hyphens — "عرض خاص لشهر رمضان" → "عرض-خاص-لشهر-رمضان", sent
 * percent-encoded on the wire and shown as typed by browsers. Letters (\p{L}) and digits (\p{N}) are kept;
 * Arabic diacritics and the tatweel (ـ) are dropped so that a title typed with or without them gives the
 * same address. An empty title gives an empty slug, which never routes. Pure: the browser bundles it.
 */
export function slugFromTitle(title: string | null | undefined): string {
  if (!title) return '';
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join('-')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** A custom slug as typed (spec §5: matched case-insensitively), in the form the slug map keys it by. */
export function slugKey(slug: string): string {
  return slug.normalize('NFKC').toLowerCase();
}

/** A page address as people read it: an Arabic slug shown in its letters, not as %D8%B9… (what is sent). */
export function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
