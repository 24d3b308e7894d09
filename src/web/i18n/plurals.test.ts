import fs from 'node:fs';
import path from 'node:path';
import i18next, { type Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '@shared/i18n';

/**
 * Counted texts (issue 11): wherever a number meets a noun the text has i18next's plural forms, and each
 * form is the one the language's rules pick. Arabic has six (zero, one, two, few, many, other): "رمز واحد",
 * "رمزان", "3 رموز", "11 رمزاً", "100 رمز". The web, the server-rendered views and the server's texts
 * (e-mails, errors, exports) all read these files.
 */
type TTree = { [key: string]: string | TTree };
const FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const SUFFIX = /_(zero|one|two|few|many|other)$/;
const LOCALES = path.resolve('public/locales');

const load = (lng: string, ns: string): TTree => JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')) as TTree;

function leaves(tree: TTree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

const texts = Object.fromEntries(LANGUAGES.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, new Map(leaves(load(lng, ns)))]))]));
/** Every counted key, as namespace and key without its plural suffix. */
const counted = NAMESPACES.flatMap((ns) =>
  [...new Set([...texts.ar![ns]!.keys()].filter((k) => SUFFIX.test(k)).map((k) => k.replace(SUFFIX, '')))].map((key) => ({ ns, key })),
);

const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  lng: 'ar',
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, load(lng, ns)]))])) as Resource,
});

/** Every {{name}} the forms of a key use, given a recognisable value. */
function paramsOf(ns: string, key: string): Record<string, string> {
  const all = LANGUAGES.flatMap((lng) => FORMS.map((f) => texts[lng]![ns]!.get(`${key}_${f}`) ?? ''));
  return Object.fromEntries([...all.join(' ').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].filter(([, n]) => n !== 'count').map(([, n]) => [n, `<${n}>`]));
}

function expected(lng: string, ns: string, key: string, count: number, params: Record<string, string>): string {
  const form = count === 0 && texts[lng]![ns]!.has(`${key}_zero`) ? 'zero' : new Intl.PluralRules(lng).select(count);
  const template = texts[lng]![ns]!.get(`${key}_${form}`) ?? '';
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, n: string) => (n === 'count' ? String(count) : (params[n] ?? '')));
}

/** Nouns Darsi counts: an Arabic text that puts a number right before one of them must be a counted key. */
const COUNTED_NOUNS =
  /\{\{\s*\w+\s*\}\}\s+(رمز|رموز|كود|أكواد|درس|دروس|يوم|أيام|طالب|طلاب|دورة|دورات|دقيقة|دقائق|ساعة|ساعات|حرف|أحرف|بطاقة|بطاقات|تسجيل|مرة|أسئلة|سؤال|صفحة|صفحات|أستاذ|أساتذة)(?![\u0600-\u06FF])/;

describe('counted texts (plural forms)', () => {
  it('finds the counted keys', () => {
    expect(counted.length).toBeGreaterThan(20);
  });

  it('gives every counted key its bare key and all six forms in ar, en and fr', () => {
    const missing = counted.flatMap(({ ns, key }) =>
      LANGUAGES.flatMap((lng) => ['', ...FORMS.map((f) => `_${f}`)].filter((s) => !texts[lng]![ns]!.get(`${key}${s}`)).map((s) => `${lng}/${ns} ${key}${s}`)),
    );
    expect(missing).toEqual([]);
  });

  it('renders each Arabic counted key for 0, 1, 2, 3, 11 and 100 with the form Arabic picks', () => {
    for (const { ns, key } of counted) {
      const params = paramsOf(ns, key);
      for (const count of [0, 1, 2, 3, 11, 100]) {
        const text = i18n.t(key, { lng: 'ar', ns, count, ...params });
        expect(text, `${ns}:${key} ${count}`).toBe(expected('ar', ns, key, count, params));
        expect(text, `${ns}:${key} ${count}`).not.toMatch(/\{\{|\}\}/);
      }
    }
    // Spot checks of the grammar itself, not only of the mechanics.
    const batch = (count: number) => i18n.t('codes.batchHeader', { lng: 'ar', ns: 'courses', count, until: 'x' });
    expect([1, 2, 3, 11, 100].map(batch)).toEqual([
      'دفعة من رمز واحد · صالحة حتى x',
      'دفعة من رمزين · صالحة حتى x',
      'دفعة من 3 رموز · صالحة حتى x',
      'دفعة من 11 رمزاً · صالحة حتى x',
      'دفعة من 100 رمز · صالحة حتى x',
    ]);
    expect(i18n.t('learn.progressText', { lng: 'ar', ns: 'courses', done: 0, count: 3 })).toBe('أكملت 0 من 3 دروس');
  });

  it('renders each counted key in English and French with their one and other forms', () => {
    for (const lng of ['en', 'fr'] as const) {
      for (const { ns, key } of counted) {
        const params = paramsOf(ns, key);
        for (const count of [1, 2, 5]) {
          const text = i18n.t(key, { lng, ns, count, ...params });
          expect(text, `${lng} ${ns}:${key} ${count}`).toBe(expected(lng, ns, key, count, params));
          expect(text).not.toMatch(/\{\{|\}\}/);
        }
      }
    }
    expect(i18n.t('codes.revokedN', { lng: 'en', ns: 'courses', count: 1 })).toBe('1 code revoked');
    expect(i18n.t('codes.revokedN', { lng: 'fr', ns: 'courses', count: 2 })).toBe('2 codes révoqués');
  });

  it('has no Arabic text that puts a number before a counted noun without plural forms', () => {
    const offenders = NAMESPACES.flatMap((ns) =>
      [...texts.ar![ns]!.entries()]
        .filter(([k, v]) => !SUFFIX.test(k) && !counted.some((c) => c.ns === ns && c.key === k) && COUNTED_NOUNS.test(v))
        .map(([k, v]) => `${ns}:${k} ${v}`),
    );
    expect(offenders).toEqual([]);
  });
});
