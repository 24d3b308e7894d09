/** Rules of courses, codes and subscriptions that the server and the web both apply (spec §3, §4, §9). */
import { TZDate } from '@date-fns/tz';
import { DARSI_TIME_ZONE } from './dates';
import { PLANS, type TPlanId } from './plans';

export const COURSE_KINDS = ['organized', 'scheduled', 'regular'] as const;
export type TCourseKind = (typeof COURSE_KINDS)[number];

export const LESSON_TYPES = ['video', 'text', 'file', 'link'] as const;
export type TLessonType = (typeof LESSON_TYPES)[number];
/** An outline item that is a quiz or exam (issue 25): made and changed through /api/quizzes only, never the lesson editor. */
export const QUIZ_ITEM_TYPE = 'quiz';

export const PLAN_TYPES = ['free', 'monthly', 'quarterly', 'yearly', 'lifetime', 'custom'] as const;
export type TPlanType = (typeof PLAN_TYPES)[number];

/** Access granted by each plan type, in days; null is permanent access. `custom` names its own days. */
export const PLAN_DAYS: Record<Exclude<TPlanType, 'custom'>, number | null> = {
  free: null,
  monthly: 30,
  quarterly: 90,
  yearly: 365,
  lifetime: null,
};

export function planDays(plan: { type: TPlanType | string; durationDays: number | null }): number | null {
  if (plan.type === 'custom') return plan.durationDays;
  return PLAN_DAYS[plan.type as Exclude<TPlanType, 'custom'>] ?? null;
}

/** Spec §4: a subscription is "expiring soon" this many days before its end. */
export const EXPIRING_SOON_DAYS = 7;

export const SUBSCRIPTION_STATUSES = ['active', 'expiring', 'expired', 'suspended', 'cancelled'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const DAY_MS = 24 * 60 * 60_000;

/**
 * Active, expiring soon (with the days left), expired, suspended by the teacher (access paused, the period
 * kept: decision 124), or cancelled by the teacher (the spec's teacher-side "inactive").
 */
export function subscriptionStatus(
  sub: { status: string; expiresAt: Date | string | null },
  now: Date,
  soonDays = EXPIRING_SOON_DAYS,
): { status: TSubscriptionStatus; daysLeft: number | null } {
  const expires = sub.expiresAt === null ? null : new Date(sub.expiresAt);
  const daysLeft = expires ? Math.max(0, Math.ceil((expires.getTime() - now.getTime()) / DAY_MS)) : null;
  if (sub.status === 'cancelled') return { status: 'cancelled', daysLeft };
  if (sub.status === 'suspended') return { status: 'suspended', daysLeft };
  if (!expires) return { status: 'active', daysLeft: null };
  if (expires.getTime() <= now.getTime()) return { status: 'expired', daysLeft: 0 };
  return { status: daysLeft !== null && daysLeft <= soonDays ? 'expiring' : 'active', daysLeft };
}

/** Spec §9 plan limits, read from the one plan table (plans.ts); null is unlimited. */
export type TPlanLimits = { courses: number | null; students: number | null; storageBytes: number };
export type TTeacherPlan = TPlanId;

const GB = 1024 ** 3;
const LIMITS = new Map<string, TPlanLimits>(PLANS.map((p) => [p.id, { courses: p.courses, students: p.students, storageBytes: p.storageGb * GB }]));

/** An unknown plan name gets the smallest plan's limits. */
export function planLimits(plan: string): TPlanLimits {
  return LIMITS.get(plan) ?? LIMITS.get('independent')!;
}

/** The next plan up, for the upgrade prompt; null on the top plan. */
export function nextPlan(plan: string): TTeacherPlan | null {
  if (plan === 'institution') return null;
  return plan === 'academy' ? 'institution' : 'academy';
}

export const CODE_LENGTH = 6;
export const BATCH_MIN = 1;
export const BATCH_MAX = 5_000;
export const CODE_MAX_USES = 1_000;

/**
 * What a student may type for a six-digit code: spaces, dashes and direction marks are dropped, and
 * Arabic-Indic (٠-٩), Persian (۰-۹) and full-width digits become ASCII digits. Null when what is left
 * is not exactly six digits.
 */
export function normalizeActivationCode(input: string): string | null {
  const digits = toAsciiDigits(input).replace(/[\s\u00ad\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\-\u2010-\u2015\u2212\ufe58\ufe63\uff0d_]/g, '');
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(digits) ? digits : null;
}

const toAsciiDigits = (input: string) =>
  input
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\uff10-\uff19]/g, (d) => String(d.charCodeAt(0) - 0xff10));

/** Digits of a card's serial in its card number (`12-0137`): batches hold at most BATCH_MAX cards. */
const SERIAL_DIGITS = 4;

/** A card's number on its teacher's platform: the batch's number, a dash, the card's serial (decision 105). */
export function formatCardNumber(batch: number, serial: number): string {
  return `${batch}-${String(serial).padStart(SERIAL_DIGITS, '0')}`;
}

/**
 * A typed card number, as printed (`12-0137`) or as read aloud and typed on a phone: Arabic-Indic digits,
 * spaces, dashes, slashes or dots between the two parts, or all digits run together (the last four are the
 * card's serial). Null when it cannot be a card number.
 */
export function parseCardNumber(input: string): { batch: number; serial: number } | null {
  const clean = toAsciiDigits(input)
    .replace(/[\u00ad\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c]/g, '')
    .trim();
  const parts = clean.split(/[\s\-\u2010-\u2015\u2212\ufe58\ufe63\uff0d_/.\u060c,]+/).filter(Boolean);
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  let batch: string | undefined;
  let serial: string | undefined;
  if (parts.length === 2) [batch, serial] = parts;
  else if (parts.length === 1 && parts[0]!.length > SERIAL_DIGITS) [batch, serial] = [parts[0]!.slice(0, -SERIAL_DIGITS), parts[0]!.slice(-SERIAL_DIGITS)];
  if (!batch || !serial || batch.length > 6 || serial.length > SERIAL_DIGITS) return null;
  const n = { batch: Number(batch), serial: Number(serial) };
  return n.batch >= 1 && n.serial >= 1 ? n : null;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/*
 * Scheduled lessons, live sessions and code validity are typed on the Algiers clock (spec: Africa/Algiers). The
 * zone's rules (its offset at that moment) come from @date-fns/tz over the runtime's zone data, not our arithmetic.
 */

/** "2026-03-01T18:30" on the Algiers clock → the instant; null for a malformed value. */
export function algiersLocalToDate(local: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const date = new Date(+new TZDate(y, mo - 1, d, h, mi, DARSI_TIME_ZONE));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant → "YYYY-MM-DDTHH:mm" on the Algiers clock (what a datetime-local input shows). */
export function dateToAlgiersLocal(date: Date | string): string {
  // TZDate writes its ISO string on the zone's clock, with the offset after the minutes.
  return new TZDate(new Date(date).getTime(), DARSI_TIME_ZONE).toISOString().slice(0, 16);
}
