import { PLANS, type TPlanId } from './plans';

/*
 * Darsi's own plans for teachers: the pure rules (docs/decisions/100-trial-end-rule.md,
 * 101-plan-proration.md, 102-grace-and-cancellation.md). Money is integer DZD; a day is 24 hours.
 */

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type TBillingPeriod = (typeof BILLING_PERIODS)[number];

/** A monthly period lasts 30 days, an annual one 365: proration counts whole days of these. */
export const PERIOD_DAYS: Record<TBillingPeriod, number> = { monthly: 30, annual: 365 };
/** After a paid period ends unpaid, everything keeps working this long (status past_due) with a warning. */
export const GRACE_DAYS = 7;
/** A cancelled plan's data is kept this long after its paid period ends, then deleted by a job. */
export const DATA_RETENTION_DAYS = 30;
/** Renewal reminders and deletion warnings are e-mailed this many days before. */
export const NOTICE_DAYS = [7, 1] as const;
/** Chargily refuses checkouts under 75 DZD: a smaller balance is waived (decision 101). */
export const MIN_CHARGE_DZD = 75;

const DAY_MS = 86_400_000;

export function planPrice(plan: TPlanId, period: TBillingPeriod): number {
  const p = PLANS.find((x) => x.id === plan)!;
  return period === 'annual' ? p.annual : p.monthly;
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

export type TPaidPeriod = { start: Date; end: Date; paidDzd: number };

/** Whole days of the paid period not yet begun at `now` (the day under way is used). */
export function unusedDays(period: TPaidPeriod, now: Date): number {
  return Math.max(0, Math.floor((period.end.getTime() - now.getTime()) / DAY_MS));
}

/** Credit for the unused days: what was paid × unused days ÷ days of the period, rounded down. */
export function unusedCredit(period: TPaidPeriod, now: Date): number {
  const total = Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS);
  if (total <= 0) return 0;
  return Math.floor((period.paidDzd * Math.min(unusedDays(period, now), total)) / total);
}

export type TQuote = { priceDzd: number; creditDzd: number; amountDzd: number; bonusDays: number; periodDays: number };

/**
 * The price of a new plan (or period) bought at `now`, with the credit of the current paid period applied.
 * Credit beyond the price buys extra days of the new plan (a downgrade); a balance under MIN_CHARGE_DZD is waived.
 */
export function quoteChange(target: { plan: TPlanId; period: TBillingPeriod }, current: TPaidPeriod | null, now: Date): TQuote {
  const priceDzd = planPrice(target.plan, target.period);
  const periodDays = PERIOD_DAYS[target.period];
  const creditDzd = current ? unusedCredit(current, now) : 0;
  const due = priceDzd - creditDzd;
  const bonusDays = due < 0 ? Math.floor((-due * periodDays) / priceDzd) : 0;
  const amountDzd = due < MIN_CHARGE_DZD ? 0 : due;
  return { priceDzd, creditDzd, amountDzd, bonusDays, periodDays };
}

export type TPlanStatus = 'trial' | 'active' | 'past_due' | 'canceled' | 'expired';

export type TPlanSubscriptionDates = { status: string; currentPeriodEnd: Date; canceledAt: Date | null };

/**
 * Where a teacher stands (decision 100). `blocked`: creating courses, codes and enrollments is refused.
 * A paid period is followed by GRACE_DAYS of grace unless it was cancelled; a trial has no grace.
 */
export function planState(
  sub: TPlanSubscriptionDates | null,
  trialEndsAt: Date | null,
  now: Date,
): { status: TPlanStatus; blocked: boolean; until: Date | null } {
  const t = now.getTime();
  if (!sub) {
    const onTrial = trialEndsAt !== null && trialEndsAt.getTime() > t;
    return { status: onTrial ? 'trial' : 'expired', blocked: !onTrial, until: trialEndsAt };
  }
  const end = sub.currentPeriodEnd;
  if (sub.canceledAt) return end.getTime() > t ? { status: 'canceled', blocked: false, until: end } : { status: 'expired', blocked: true, until: end };
  if (end.getTime() > t) return { status: 'active', blocked: false, until: end };
  const graceEnd = addDays(end, GRACE_DAYS);
  if (graceEnd.getTime() > t) return { status: 'past_due', blocked: false, until: graceEnd };
  return { status: 'expired', blocked: true, until: graceEnd };
}

/** The limits a plan change would break with today's usage; empty when it fits. */
export function brokenLimits(plan: TPlanId, usage: { courses: number; students: number; storageBytes: number }): ('courses' | 'students' | 'storage')[] {
  const p = PLANS.find((x) => x.id === plan)!;
  const broken: ('courses' | 'students' | 'storage')[] = [];
  if (p.courses !== null && usage.courses > p.courses) broken.push('courses');
  if (p.students !== null && usage.students > p.students) broken.push('students');
  if (usage.storageBytes > p.storageGb * 1024 ** 3) broken.push('storage');
  return broken;
}
