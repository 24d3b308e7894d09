import type { TTranslate } from './types';

/** "ساعتان و15 دقيقة", "1 hour 5 minutes": a course's or a lesson's video length, rounded to the minute. */
export function videoLengthText(t: TTranslate, seconds: number): string {
  const total = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const h = t('viewer.courses.hours', { count: hours });
  const m = t('viewer.courses.minutes', { count: minutes });
  if (hours === 0) return m;
  return minutes === 0 ? h : t('viewer.courses.lengthJoin', { hours: h, minutes: m });
}

/** A lesson video's length as a clock, "4:05" or "1:02:09", the same in every language. */
export function clockText(seconds: number): string {
  const s = Math.round(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
