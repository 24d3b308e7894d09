import fs from 'node:fs';
import path from 'node:path';
import i18next, { type Resource } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DZD_SYMBOL, formatDzd } from '@shared/format';
import { LANGUAGES } from '@shared/i18n';

/* Issue 24, defect 9: texts that read wrong once rendered. */
const load = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve('public/locales', lng, `${ns}.json`), 'utf8'));
const NAMESPACES = ['billing', 'live', 'platform', 'landing'];
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  lng: 'ar',
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, load(lng, ns)]))])) as Resource,
});
i18n.services.formatter?.add('dzd', (value: unknown, lng: string | undefined) => formatDzd(lng as 'ar', Number(value)));

describe('texts of issue 24', () => {
  for (const lng of LANGUAGES) {
    it(`writes the dinar once in the plan transfer instructions and the course prices (${lng})`, () => {
      const t = i18n.getFixedT(lng);
      const help = t('billing:page.transferHelp', { amount: formatDzd(lng, 3000), reference: 'DRP-ABCD2345' });
      expect(help).toContain(formatDzd(lng, 3000));
      expect(help.split(DZD_SYMBOL[lng]).length - 1, help).toBe(1);
      expect(t('landing:viewer.courses.price', { price: 25000 })).toBe(formatDzd(lng, 25000));
      expect(t('landing:viewer.courses.priceFrom', { price: 3000 })).toContain(formatDzd(lng, 3000));
    });
  }

  it('names the live room button for what it does, not as something already done', () => {
    expect(i18n.getFixedT('ar')('live:room.leave')).toBe('مغادرة الحصة');
    expect(i18n.getFixedT('en')('live:room.leave')).toBe('Leave the session');
    expect(i18n.getFixedT('fr')('live:room.leave')).toBe('Quitter la séance');
  });

  it('tells the teacher that a free preview video plays without an account (decision 075)', () => {
    const hint = (lng: string) => i18n.getFixedT(lng)('platform:web.lesson.freePreviewVideo');
    expect(hint('ar')).toContain('دون حساب');
    expect(hint('ar')).not.toContain('تسجيل دخول');
    expect(hint('en')).toContain('without an account');
    expect(hint('en')).not.toMatch(/sign/i);
    expect(hint('fr')).toContain('sans compte');
    expect(hint('fr')).not.toMatch(/connect/i);
  });

  it('never speaks of the teacher with a masculine verb in Arabic (decision 122)', () => {
    const masculine = /سيتحقّق|سيتحقق|سيراجعه الأستاذ|أكّد الأستاذ|أكّد \{\{teacher\}\}|أكّدها|أكّده\b/;
    const found: string[] = [];
    for (const ns of fs.readdirSync(path.resolve('public/locales/ar'))) {
      const walk = (node: unknown, key: string): void => {
        if (typeof node === 'string') {
          if (masculine.test(node)) found.push(`${ns}:${key}`);
        } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
      };
      walk(JSON.parse(fs.readFileSync(path.resolve('public/locales/ar', ns), 'utf8')), '');
    }
    expect(found).toEqual([]);
  });

  // Decision 122, second step (issue 24, defect 10): these namespaces (e-mails, payments, transfers, billing, live,
  // video, the shared texts, help summaries, revenue, admin) speak without masculine singular imperatives: verbal
  // nouns ("فتح الدورة"), "يُرجى" + verbal noun, or an impersonal sentence. The other namespaces follow as they are touched.
  it('uses no masculine singular imperative in the swept Arabic namespaces (decision 122)', () => {
    const imperatives = [
      'اضغط',
      'انقر',
      'أدخل',
      'اختر',
      'أنشئ',
      'أكّد',
      'تحقّق',
      'تحقق',
      'اكتب',
      'أرسل',
      'ارفع',
      'التحق',
      'ابدأ',
      'أضف',
      'تواصل',
      'اطلب',
      'ادفع',
      'استخدم',
      'استعمل',
      'احفظ',
      'افتح',
      'اسحب',
      'حوّل',
      'اقبل',
      'ارفض',
      'انتظر',
      'حاول',
      'عد',
      'اتصل',
      'تابع',
      'أكمل',
      'راجع',
      'سجّل',
      'انسخ',
      'شارك',
    ];
    const word = new RegExp(`(?<![\\u0600-\\u06FF])(${imperatives.join('|')})(?![\\u0600-\\u06FF])`);
    const found: string[] = [];
    for (const ns of [
      'emails',
      'transfers',
      'payments',
      'billing',
      'live',
      'video',
      'common',
      'docs',
      'revenue',
      'admin',
      'errors',
      'auth',
      'dashboard',
      'notifications',
      'platform',
      'site',
      'courses',
      'landing',
      'quizzes',
    ]) {
      const walk = (node: unknown, key: string): void => {
        if (typeof node === 'string') {
          if (word.test(node)) found.push(`${ns}:${key}`);
        } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
      };
      walk(load('ar', ns), '');
    }
    expect(found).toEqual([]);
  });

  // Issue 24, defect 10, third step: the addressing that the list above missed. A masculine imperative with a pronoun or
  // a conjunction attached («افتحه», «جدّده الآن», «وأبقِ», «(انظر …)»), and the present tense that speaks to a man
  // («هل تريد», «لم تختر», «كل ما تحتاجه», «ستتمكن»). Checked in every Arabic namespace, the Arabic help pages and the
  // demo's seeded texts. Vowel marks are dropped before matching, except the damma that makes «تُدفع» a passive.
  const ADDRESSED = [
    ...['افتح', 'اكتب', 'ارفع', 'راجع', 'اترك', 'أبق', 'اختر', 'شارك', 'أعلم', 'عدل', 'انشر', 'اجعل', 'احتفظ', 'قس', 'ابن', 'اعرف', 'أخبر'],
    ...['جرب', 'انتقل', 'حاول', 'أرشف', 'حمل', 'نزل', 'اطبع', 'ألغ', 'رتب', 'احذف', 'امنح', 'قم', 'شاهد', 'انظر', 'اجمع', 'خصص', 'كن'],
  ].join('|');
  const PRESENT = [
    ...['تريد', 'تستطيع', 'تحتاج', 'تحتاجه', 'تختار', 'تختاره', 'تختر', 'تجد', 'تجدها', 'ترى', 'لترى', 'تعيد', 'تضغط', 'تشترك', 'تنضم'],
    ...['ستتمكن', 'ستحصل', 'ستجد', 'ستحتاج', 'وستحتاج', 'تلصق', 'تلصقه', 'تستعمله', 'تملؤها', 'تعدلها', 'تفضل', 'تدرس', 'ستتعلمه', 'تدفع'],
  ].join('|');
  const addressed = new RegExp(`(?<![\\u0600-\\u06FF])(?:(?:[وف]?(?:${ADDRESSED})(?:ه|ها|هم|هن|ني|نا)?)|جدده|جدد الآن|(?:${PRESENT}))(?![\\u0600-\\u06FF])`);
  const plain = (text: string) => text.replace(/[\u064B-\u064E\u0650-\u0652]/g, '');
  const offending = (text: string) => plain(text).match(addressed)?.[0];

  it('addresses nobody as a man in the Arabic texts, help pages and demo data (decision 122)', () => {
    const found: string[] = [];
    for (const ns of fs.readdirSync(path.resolve('public/locales/ar'))) {
      const walk = (node: unknown, key: string): void => {
        if (typeof node === 'string') {
          const hit = offending(node);
          if (hit) found.push(`${ns}:${key} «${hit}»`);
        } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
      };
      walk(JSON.parse(fs.readFileSync(path.resolve('public/locales/ar', ns), 'utf8')), '');
    }
    const files = [
      ...fs
        .readdirSync(path.resolve('content/docs/ar'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => `content/docs/ar/${f}`),
      ...fs
        .readdirSync(path.resolve('src/server/seed'))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => `src/server/seed/${f}`),
    ];
    for (const file of files) {
      fs.readFileSync(path.resolve(file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const hit = offending(line);
          if (hit) found.push(`${file}:${i + 1} «${hit}»`);
        });
    }
    expect(found).toEqual([]);
  });

  it('catches the masculine addressing it is meant to catch', () => {
    for (const text of [
      'هل تريد الإلغاء؟',
      'افتحه لتأكيد عنوانك.',
      'جدّده الآن',
      'لم تختر أي ملف بعد',
      'كل ما تحتاجه',
      'وأبقِ هذه الصفحة',
      '(انظر الدليل)',
      'كيف تدفع',
    ])
      expect(offending(text), text).toBeTruthy();
    for (const text of ['هل يُلغى التجديد؟', 'يكفي فتحه', 'تُدفع الخطة بالبطاقة', 'طلاب جدد', 'سجل التدقيق', 'غير متاح', 'يُنظر الدليل'])
      expect(offending(text), text).toBeUndefined();
  });
});
