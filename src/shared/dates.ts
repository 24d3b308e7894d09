import type { TLanguage } from './i18n';

/**
 * The one date formatter of Darsi, server and web (docs/decisions/060-arabic-terms-and-dates.md). Arabic is
 * Algerian Arabic: ar-DZ, whose months are the ones Algerians read (جانفي، فيفري… جويلية، أوت) and whose digits
 * are Western, like the numbers in our texts. Node 24 and Chromium give the same ("15 جويلية 2026"): both use
 * ICU with CLDR 48. Moments are shown on the Algiers clock, where teachers and students are.
 */
export const DATE_LOCALES: Record<TLanguage, string> = { ar: 'ar-DZ', en: 'en-GB', fr: 'fr-FR' };
export const DARSI_TIME_ZONE = 'Africa/Algiers';

type TDateStyle = 'long' | 'medium';
type TDateValue = Date | string | null | undefined;

function toDate(value: TDateValue): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "15 جويلية 2026" (long: in sentences and headings) or "15/07/2026" (medium: tables, exports). A calendar
 * day sent as YYYY-MM-DD is read in UTC, so that it never shows as the day before.
 */
export function formatDate(lng: TLanguage, value: TDateValue, style: TDateStyle = 'long'): string {
  const date = toDate(value);
  if (!date) return '';
  const timeZone = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : DARSI_TIME_ZONE;
  return new Intl.DateTimeFormat(DATE_LOCALES[lng], { dateStyle: style, timeZone }).format(date);
}

/** A date with its hour, where the hour matters (audit log, inboxes, live sessions). */
export function formatDateTime(lng: TLanguage, value: TDateValue, style: TDateStyle = 'medium'): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(DATE_LOCALES[lng], { dateStyle: style, timeStyle: 'short', timeZone: DARSI_TIME_ZONE }).format(date) : '';
}

/**
 * "YYYY-MM-DD" naming a day that exists: 2026-13-45 and 2026-02-30 match the pattern but are no day, and a
 * database cast of them failed with a 500 (issue 23). Checked by building the day in UTC and reading it back.
 */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
