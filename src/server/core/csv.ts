import { stringify } from 'csv-stringify/sync';
import { dateToAlgiersLocal } from '@shared/courses';
import { formatDate as formatSharedDate } from '@shared/dates';
import type { TLanguage } from '@shared/i18n';

/**
 * A value a spreadsheet must keep as typed: a code such as 012345 would otherwise become the number
 * 12345 (about one code in ten starts with 0). Written as ="012345", which Excel, LibreOffice and Google
 * Sheets all show as the text 012345. Only for digits (or a card number such as 12-0137, which would become
 * a date), so the formula can never do anything else.
 */
export type TTextCell = { text: string };

export const textCell = (text: string): TTextCell => ({ text });

type TCell = string | number | null | TTextCell;

/** Spreadsheet programs run cells that start with these as formulas (CSV injection). */
function cell(value: TCell): string {
  if (value !== null && typeof value === 'object') return /^\d+(-\d+)?$/.test(value.text) ? `="${value.text}"` : cell(value.text);
  const text = value === null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** UTF-8 with a byte-order mark, so that Excel shows Arabic correctly. */
export function toCsv(header: string[], rows: TCell[][]): string {
  return `\uFEFF${stringify([header.map(cell), ...rows.map((r) => r.map(cell))])}`;
}

export function csvFileName(base: string): string {
  return `${base.replace(/[^a-z0-9-]+/gi, '-').slice(0, 60) || 'export'}.csv`;
}

/** Decision 060: the shared formatter, numeric in a spreadsheet cell. */
export function formatDate(lng: TLanguage, date: Date | null): string {
  return formatSharedDate(lng, date, 'medium');
}

/**
 * A moment as Algerian teachers read it, sortable in a spreadsheet: "2026-12-31 23:59", Africa/Algiers time
 * (never raw UTC, which shows the day before for an expiry at midnight).
 */
export function localDateTime(date: Date): string {
  return dateToAlgiersLocal(date).replace('T', ' ');
}
