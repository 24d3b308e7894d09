import { describe, expect, it } from 'vitest';
import { directionOf, toLanguage } from './i18n';
import { parsePrimaryColor } from './color';

describe('languages', () => {
  it('accepts ar, en, fr and their regional forms', () => {
    expect(toLanguage('fr-FR')).toBe('fr');
    expect(toLanguage('EN_us')).toBe('en');
    expect(toLanguage('ar')).toBe('ar');
  });

  it('falls back to Arabic for anything else', () => {
    for (const v of ['de', '', 'xx-YY', null, undefined, 3, {}, '../../etc']) expect(toLanguage(v)).toBe('ar');
  });

  it('is right-to-left only for Arabic', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('fr')).toBe('ltr');
  });
});

describe('primary colour preference', () => {
  it('keeps a valid 7-character hex', () => {
    expect(parsePrimaryColor('#10B981')).toBe('#10b981');
  });

  it('ignores a corrupted stored value', () => {
    for (const v of ['red', '#fff', '#12345g', '#1234567', 'url(javascript:1)', '', null, 12]) {
      expect(parsePrimaryColor(v)).toBe('#2563eb');
    }
  });
});
