import { transliterate } from 'transliteration';

/**
 * Spec §5: a page's slug from its title: transliterated (Arabic), lowercased, everything but letters and
 * digits stripped, trimmed. An empty title gives an empty slug, which never routes.
 */
export function slugFromTitle(title: string | null | undefined): string {
  if (!title) return '';
  return transliterate(title.trim()).toLowerCase().replace(/[^a-z0-9]/g, '').trim();
}
