/*
 * How typed answers are compared (decision 160): Arabic-Indic and Persian digits are read as 0-9, the Arabic
 * decimal separator and a decimal comma as a point, spaces are collapsed, and for text the case, the Arabic
 * short vowels and the tatweel do not count.
 */

const DIGITS: Record<string, string> = {};
'٠١٢٣٤٥٦٧٨٩'.split('').forEach((d, i) => (DIGITS[d] = String(i)));
'۰۱۲۳۴۵۶۷۸۹'.split('').forEach((d, i) => (DIGITS[d] = String(i)));

export const latinDigits = (text: string) => text.replace(/[٠-٩۰-۹]/g, (d) => DIGITS[d] ?? d);

export function normalizeText(text: string, caseSensitive = false): string {
  const out = latinDigits(text.normalize('NFKC'))
    .replace(/[\u064B-\u0652\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/\s+/g, ' ')
    .trim();
  return caseSensitive ? out : out.toLocaleLowerCase('en');
}

/** "12,5 cm", "١٢٫٥" → { number: 12.5, unit: "cm" }; null when no number leads the text. */
export function parseNumberAnswer(text: string): { number: number; unit: string } | null {
  const t = latinDigits(text.normalize('NFKC')).replace(/٫/g, '.').replace(/\s+/g, ' ').trim();
  const m = /^([+-−]?\s?\d+(?:[.,]\d+)?(?:[eE][+-]?\d+)?)\s*(.*)$/.exec(t);
  if (!m) return null;
  const number = Number(m[1]!.replace('−', '-').replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(number) ? { number, unit: (m[2] ?? '').trim() } : null;
}

export const normalizeUnit = (unit: string) => normalizeText(unit).replace(/\s/g, '').replace(/\^/g, '');
