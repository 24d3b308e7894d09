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
});
