import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates (decision 060)', () => {
  it('names the months as Algerian Arabic does, with Western digits', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate('ar', new Date(Date.UTC(2026, m, 15, 10))));
    expect(months).toEqual([
      '15 جانفي 2026',
      '15 فيفري 2026',
      '15 مارس 2026',
      '15 أفريل 2026',
      '15 ماي 2026',
      '15 جوان 2026',
      '15 جويلية 2026',
      '15 أوت 2026',
      '15 سبتمبر 2026',
      '15 أكتوبر 2026',
      '15 نوفمبر 2026',
      '15 ديسمبر 2026',
    ]);
  });

  it('formats in English and French too, on the Algiers clock', () => {
    expect(formatDate('en', '2026-07-15T10:00:00Z')).toBe('15 July 2026');
    expect(formatDate('fr', '2026-07-15T10:00:00Z')).toBe('15 juillet 2026');
    // 23:30 UTC on the 14th is already the 15th in Algiers (UTC+1).
    expect(formatDate('en', '2026-07-14T23:30:00Z')).toBe('15 July 2026');
    // A calendar day stays that day.
    expect(formatDate('ar', '2026-07-15')).toBe('15 جويلية 2026');
    expect(formatDateTime('en', '2026-07-15T10:05:00Z')).toBe('15 Jul 2026, 11:05');
  });

  it('gives nothing for a missing or broken date', () => {
    expect(formatDate('ar', null)).toBe('');
    expect(formatDate('ar', 'not a date')).toBe('');
    expect(formatDateTime('fr', undefined)).toBe('');
  });
});
