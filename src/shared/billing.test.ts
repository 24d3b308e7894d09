import { describe, expect, it } from 'vitest';
import { addDays, brokenLimits, planState, quoteChange, unusedCredit } from './billing';

const day0 = new Date('2026-01-01T00:00:00Z');
const HOUR = 3_600_000;
const monthlyIndependent = { start: day0, end: addDays(day0, 30), paidDzd: 3_000 };

describe('proration (decision 101)', () => {
  it('credits the unused whole days of the paid period', () => {
    expect(unusedCredit(monthlyIndependent, addDays(day0, 10))).toBe(2_000);
    // 19 whole days and some hours left: the day under way counts as used.
    expect(unusedCredit(monthlyIndependent, new Date(addDays(day0, 10).getTime() + 5 * HOUR))).toBe(1_900);
    expect(unusedCredit(monthlyIndependent, addDays(day0, 31))).toBe(0);
  });

  it('upgrades for the new price less the credit', () => {
    expect(quoteChange({ plan: 'academy', period: 'monthly' }, monthlyIndependent, addDays(day0, 10))).toEqual({
      priceDzd: 5_900,
      creditDzd: 2_000,
      amountDzd: 3_900,
      bonusDays: 0,
      periodDays: 30,
    });
    expect(quoteChange({ plan: 'institution', period: 'annual' }, monthlyIndependent, addDays(day0, 10)).amountDzd).toBe(106_000);
  });

  it('turns credit beyond the new price into extra days (a downgrade)', () => {
    const annualAcademy = { start: day0, end: addDays(day0, 365), paidDzd: 53_100 };
    // 53 100 × 300 / 365 = 43 643.8 → 43 643; 43 643 − 3 000 = 40 643 left, worth 40 643 × 30 / 3 000 = 406.4 days.
    expect(quoteChange({ plan: 'independent', period: 'monthly' }, annualAcademy, addDays(day0, 65))).toEqual({
      priceDzd: 3_000,
      creditDzd: 43_643,
      amountDzd: 0,
      bonusDays: 406,
      periodDays: 30,
    });
  });

  it('charges the full price without a paid period, and waives a balance under 75 DZD', () => {
    expect(quoteChange({ plan: 'independent', period: 'annual' }, null, day0).amountDzd).toBe(30_600);
    expect(quoteChange({ plan: 'independent', period: 'monthly' }, { ...monthlyIndependent, paidDzd: 2_950 }, day0)).toMatchObject({
      creditDzd: 2_950,
      amountDzd: 0,
    });
    expect(quoteChange({ plan: 'independent', period: 'monthly' }, { ...monthlyIndependent, paidDzd: 2_925 }, day0)).toMatchObject({
      creditDzd: 2_925,
      amountDzd: 75,
    });
  });
});

describe('plan state (decision 100)', () => {
  const trialEnd = addDays(day0, 5);
  it('blocks after the trial without a paid plan', () => {
    expect(planState(null, trialEnd, addDays(day0, 4))).toMatchObject({ status: 'trial', blocked: false });
    expect(planState(null, trialEnd, addDays(day0, 5))).toMatchObject({ status: 'expired', blocked: true });
  });

  it('gives a lapsed paid plan 7 days of grace, a cancelled one none', () => {
    const sub = { status: 'active', currentPeriodEnd: addDays(day0, 30), canceledAt: null };
    expect(planState(sub, trialEnd, addDays(day0, 29))).toMatchObject({ status: 'active', blocked: false });
    expect(planState(sub, trialEnd, addDays(day0, 36))).toMatchObject({ status: 'past_due', blocked: false });
    expect(planState(sub, trialEnd, addDays(day0, 37))).toMatchObject({ status: 'expired', blocked: true });
    const canceled = { ...sub, canceledAt: addDays(day0, 3) };
    expect(planState(canceled, trialEnd, addDays(day0, 29))).toMatchObject({ status: 'canceled', blocked: false });
    expect(planState(canceled, trialEnd, addDays(day0, 30))).toMatchObject({ status: 'expired', blocked: true });
  });
});

describe('limits a downgrade would break', () => {
  it('names each one', () => {
    expect(brokenLimits('independent', { courses: 7, students: 100, storageBytes: 15 * 1024 ** 3 })).toEqual([]);
    expect(brokenLimits('independent', { courses: 8, students: 101, storageBytes: 16 * 1024 ** 3 })).toEqual(['courses', 'students', 'storage']);
    expect(brokenLimits('institution', { courses: 900, students: 9_000, storageBytes: 0 })).toEqual([]);
  });
});
