import { describe, expect, it } from 'vitest';
import {
  algiersLocalToDate,
  dateToAlgiersLocal,
  formatCardNumber,
  normalizeActivationCode,
  parseCardNumber,
  planDays,
  planLimits,
  subscriptionStatus,
} from './courses';

describe('activation code input', () => {
  it('keeps six digits and normalises spaces, dashes, direction marks and Arabic-Indic or Persian digits', () => {
    expect(normalizeActivationCode('123456')).toBe('123456');
    expect(normalizeActivationCode(' 123 456 ')).toBe('123456');
    expect(normalizeActivationCode('123-456')).toBe('123456');
    expect(normalizeActivationCode('12–34—56')).toBe('123456');
    expect(normalizeActivationCode('١٢٣٤٥٦')).toBe('123456');
    expect(normalizeActivationCode('۱۲۳ ۴۵۶')).toBe('123456');
    expect(normalizeActivationCode('\u200f٠٠٧ ٠٠٩')).toBe('007009');
  });

  it('refuses anything that is not then exactly six digits', () => {
    for (const bad of ['', '12345', '1234567', '12a456', '123.456', 'abcdef', '١٢٣٤٥']) expect(normalizeActivationCode(bad)).toBeNull();
  });
});

describe('Africa/Algiers release times', () => {
  it('reads a datetime-local value on the Algiers clock (UTC+1) and writes it back', () => {
    expect(algiersLocalToDate('2031-03-01T18:30')?.toISOString()).toBe('2031-03-01T17:30:00.000Z');
    expect(algiersLocalToDate('2030-07-15T00:05')?.toISOString()).toBe('2030-07-14T23:05:00.000Z');
    expect(dateToAlgiersLocal('2031-03-01T17:30:00.000Z')).toBe('2031-03-01T18:30');
    // Past midnight in Algiers while still the day before in UTC; seconds and milliseconds are dropped.
    expect(dateToAlgiersLocal(new Date('2030-12-31T23:59:59.999Z'))).toBe('2031-01-01T00:59');
    // A day that does not exist in February rolls over, as the form's validation expects of Date.
    expect(algiersLocalToDate('2031-02-31T10:00')?.toISOString()).toBe('2031-03-03T09:00:00.000Z');
    for (const bad of ['2031-13-01T10:00', '2031-03-01 10:00', 'tomorrow', '2031-03-01T24:00']) expect(algiersLocalToDate(bad)).toBeNull();
  });
});

describe('subscriptions', () => {
  const now = new Date('2030-01-10T12:00:00Z');
  const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

  it('is active, expiring soon with the days left (7 by default), expired, or cancelled', () => {
    expect(subscriptionStatus({ status: 'active', expiresAt: null }, now)).toEqual({ status: 'active', daysLeft: null });
    expect(subscriptionStatus({ status: 'active', expiresAt: inDays(30) }, now)).toEqual({ status: 'active', daysLeft: 30 });
    expect(subscriptionStatus({ status: 'active', expiresAt: inDays(7) }, now)).toEqual({ status: 'expiring', daysLeft: 7 });
    expect(subscriptionStatus({ status: 'active', expiresAt: inDays(0.2) }, now)).toEqual({ status: 'expiring', daysLeft: 1 });
    expect(subscriptionStatus({ status: 'active', expiresAt: inDays(-1) }, now)).toEqual({ status: 'expired', daysLeft: 0 });
    expect(subscriptionStatus({ status: 'cancelled', expiresAt: inDays(20) }, now)).toEqual({ status: 'cancelled', daysLeft: 20 });
  });

  it('gives each plan type its length, and each teacher plan its limits (spec §9)', () => {
    expect(['free', 'monthly', 'quarterly', 'yearly', 'lifetime'].map((type) => planDays({ type, durationDays: null }))).toEqual([null, 30, 90, 365, null]);
    expect(planDays({ type: 'custom', durationDays: 45 })).toBe(45);
    const GB = 1024 ** 3;
    expect(planLimits('independent')).toEqual({ courses: 7, students: 100, storageBytes: 15 * GB });
    expect(planLimits('academy')).toEqual({ courses: 20, students: 350, storageBytes: 30 * GB });
    expect(planLimits('institution')).toEqual({ courses: null, students: null, storageBytes: 100 * GB });
    expect(planLimits('unknown')).toEqual({ courses: 7, students: 100, storageBytes: 15 * GB });
  });
});

describe('card numbers (decision 105)', () => {
  it('prints batch and serial, and reads them back however they are typed', () => {
    expect(formatCardNumber(12, 137)).toBe('12-0137');
    for (const typed of ['12-0137', ' 12 - 0137 ', '12/137', '١٢-٠١٣٧', '۱۲ ۰۱۳۷', '120137', '\u200f12–0137'])
      expect(parseCardNumber(typed)).toEqual({ batch: 12, serial: 137 });
    for (const bad of ['', '12', '0-0001', '12-0000', '1-2-3', '12-ab', '12-12345', '1234567-1']) expect(parseCardNumber(bad)).toBeNull();
  });
});
