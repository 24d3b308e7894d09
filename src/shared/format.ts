import { DATE_LOCALES } from './dates';
import type { TLanguage } from './i18n';

/*
 * The one number formatter of Darsi (decision 121), next to the one date formatter (./dates.ts): the web,
 * the server-rendered views and the server's e-mails, PDFs and exports all write numbers and dinars through
 * it, so that an amount reads the same everywhere: "3.000 دج", "3,000 DZD", "3 000 DA". Arabic is ar-DZ
 * with Western digits (decision 060); docs/glossary.md has the words.
 */
export { formatDate, formatDateTime } from './dates';

/** The dinar as each language writes it after an amount (docs/glossary.md: دج, never د.ج). */
export const DZD_SYMBOL: Record<TLanguage, string> = { ar: 'دج', en: 'DZD', fr: 'DA' };

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lng: TLanguage, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${lng}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(DATE_LOCALES[lng], { maximumFractionDigits: 2, ...options });
    formats.set(key, format);
  }
  return format;
}

/** "3.000" / "3,000" / "3 000": grouped in the reader's language. */
export function formatNumber(lng: TLanguage, value: number): string {
  return Number.isFinite(value) ? numberFormat(lng).format(value) : '';
}

/** "3.000 دج" / "3,000 DZD" / "3 000 DA": an amount in dinars (integers: Darsi has no centimes). */
export function formatDzd(lng: TLanguage, amount: number): string {
  return Number.isFinite(amount) ? `${numberFormat(lng, { maximumFractionDigits: 0 }).format(amount)} ${DZD_SYMBOL[lng]}` : '';
}

/** "3, 7 and 9" / "3، 7 و9": a short list in the reader's language. */
export function formatList(lng: TLanguage, items: string[]): string {
  return new Intl.ListFormat(DATE_LOCALES[lng], { style: 'narrow', type: 'unit' }).format(items);
}

const UNITS = [
  ['gigabyte', 1024 ** 3],
  ['megabyte', 1024 ** 2],
  ['kilobyte', 1024],
] as const;

/**
 * A size in bytes as people read it, in binary units like the plans' storage limits: "1.2 GB", "350 Mo".
 * Arabic spells the unit out ("15 غيغابايت"): its abbreviations (غ.ب) are not what Algerian readers know.
 */
export function formatBytes(lng: TLanguage, bytes: number): string {
  const [unit, size] = UNITS.find(([, s]) => bytes >= s) ?? (['byte', 1] as const);
  return numberFormat(lng, { style: 'unit', unit, unitDisplay: lng === 'ar' ? 'long' : 'short', maximumFractionDigits: 1 }).format(bytes / size);
}

/**
 * A chart axis value, short: how many thousands or millions, for a translated counted noun (Arabic counts
 * them: "10 آلاف", "25 ألفاً", "100 ألف", where Intl's compact notation writes "10 ألف").
 */
export function compactParts(lng: TLanguage, value: number): { count: number; value: string; unit: 'thousands' | 'millions' | null } {
  const abs = Math.abs(value);
  const [unit, size] = abs >= 1_000_000 ? (['millions', 1_000_000] as const) : abs >= 1000 ? (['thousands', 1000] as const) : ([null, 1] as const);
  const count = Math.round((value / size) * 10) / 10;
  return { count, value: numberFormat(lng, { maximumFractionDigits: 1 }).format(count), unit };
}
