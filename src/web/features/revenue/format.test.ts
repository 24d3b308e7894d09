import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDzd } from '@shared/format';
import { axisAmount } from './format';

const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  lng: 'ar',
  ns: ['revenue'],
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    ['ar', 'en', 'fr'].map((lng) => [lng, { revenue: JSON.parse(fs.readFileSync(path.resolve('public/locales', lng, 'revenue.json'), 'utf8')) }]),
  ),
});
const axis = (lng: 'ar' | 'en' | 'fr', amount: number) => axisAmount(i18n.getFixedT(lng, 'revenue') as TFunction<'revenue'>, lng, amount);

describe('revenue chart axis (issue 24: "10 ألف")', () => {
  it('counts thousands and millions in Arabic', () => {
    expect(axis('ar', 0)).toBe('0');
    expect(axis('ar', 500)).toBe('500');
    expect(axis('ar', 3000)).toBe('3 آلاف');
    expect(axis('ar', 10_000)).toBe('10 آلاف');
    expect(axis('ar', 25_000)).toBe('25 ألفاً');
    expect(axis('ar', 100_000)).toBe('100 ألف');
    expect(axis('ar', 2_500)).toBe('2,5 ألف');
    expect(axis('ar', 5_000_000)).toBe('5 ملايين');
  });

  it('is short in English and French', () => {
    expect(axis('en', 10_000)).toBe('10K');
    expect(axis('fr', 10_000)).toBe('10 k');
    expect(axis('en', 1_500_000)).toBe('1.5M');
  });

  it('writes dinars the same way everywhere', () => {
    expect(formatDzd('ar', 3000)).toBe('3.000 دج');
    expect(formatDzd('en', 3000)).toBe('3,000 DZD');
    expect(formatDzd('fr', 3000)).toBe('3\u202f000 DA');
  });
});
