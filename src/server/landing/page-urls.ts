import type { TConfig } from '@server/core/config';
import type { teacherLandingPages } from '@server/core/db/schema';
import { isReservedSlug } from '@shared/landing-reserved';
import { slugFromTitle } from '@shared/landing-slug';

type TRow = typeof teacherLandingPages.$inferSelect;

/**
 * The slug a page answers to on its teacher's host: its custom slug, else its title slug unless that names
 * one of the app's own routes (a page titled "Login" must not take /login).
 */
export function routableSlug(row: Pick<TRow, 'customSlug' | 'title'>): string {
  if (row.customSlug) return isReservedSlug(row.customSlug) ? '' : row.customSlug;
  const slug = slugFromTitle(row.title);
  return isReservedSlug(slug) ? '' : slug;
}

/** The address of a page on its teacher's subdomain: / for the main page, else its slug. */
export function pageUrl(config: Pick<TConfig, 'publicHost' | 'publicHttps'>, subdomain: string, row: Pick<TRow, 'isMain' | 'customSlug' | 'title' | 'id'>) {
  const base = `${config.publicHttps ? 'https' : 'http'}://${subdomain}.${config.publicHost}`;
  if (row.isMain) return `${base}/`;
  const slug = routableSlug(row);
  return slug ? `${base}/${encodeURIComponent(slug)}` : `${config.publicHttps ? 'https' : 'http'}://${config.publicHost}/landing/${row.id}`;
}
