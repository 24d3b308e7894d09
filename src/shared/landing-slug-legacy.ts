import { transliterate } from 'transliteration';

/**
 * The title slug of Darsi's first weeks (spec §5 as first built): transliterated, letters and digits only —
 * "عرض خاص لشهر رمضان" → "aardkhslshhrrmdn". Links already shared keep working: the slug map still holds
 * it after the readable slug (docs/decisions/059-readable-landing-slugs.md). Server only (transliteration).
 */
export function legacySlugFromTitle(title: string | null | undefined): string {
  if (!title) return '';
  return transliterate(title.trim())
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .trim();
}
