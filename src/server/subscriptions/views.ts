import { subscriptionStatus } from '@shared/courses';

/** Active or expiring: the subscription opens lessons and takes a place in the plan. */
export function holdsPlace(sub: { status: string; expiresAt: Date | null }, now: Date): boolean {
  const state = subscriptionStatus(sub, now).status;
  return state === 'active' || state === 'expiring';
}

export function progressView(row: { lessonTotal: number; lessonDone: number }) {
  const done = Math.min(row.lessonTotal, row.lessonDone);
  return { done, total: row.lessonTotal, percent: row.lessonTotal === 0 ? 0 : Math.round((done * 100) / row.lessonTotal) };
}
