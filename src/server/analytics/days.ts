import { TZDate } from '@date-fns/tz';
import { DARSI_TIME_ZONE } from '@shared/dates';
import { AppError } from '@server/core/errors';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS, type TPeriodQuery } from '@shared/schemas/analytics';

/* The Algiers calendar the roll-ups are kept on: a day is YYYY-MM-DD, its bounds are instants at Algiers midnight. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The Algiers day holding `instant`. */
export function algiersDay(instant: Date): string {
  const z = new TZDate(instant.getTime(), DARSI_TIME_ZONE);
  return `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`;
}

/** Algiers midnight starting `day`. */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, DARSI_TIME_ZONE).getTime());
}

/** The calendar day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export type TPeriod = { from: string; to: string; days: number; courseId: string | null };

/** The asked period (default: the last 30 days up to today), checked; the previous period is the same length just before. */
export function periodOf(query: TPeriodQuery, now: Date): TPeriod {
  const today = algiersDay(now);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (from > to) throw new AppError('VALIDATION_FAILED');
  const days = daysBetween(from, to);
  if (days > ANALYTICS_MAX_DAYS) throw new AppError('VALIDATION_FAILED');
  return { from, to, days, courseId: query.courseId ?? null };
}

export const previousPeriod = (p: TPeriod): TPeriod => ({ ...p, from: addDays(p.from, -p.days), to: addDays(p.from, -1) });

/** The Sunday starting the week of `day` (weeks run Sunday to Saturday, as in Algeria). */
export const weekStart = (day: string) => addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());

/** The first day of the month of `day`. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
