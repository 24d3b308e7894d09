import { LAUNCH_DATE } from './constants';

const DAY_MS = 86_400_000;

/**
 * Whole days from the launch (spec §9: 2023-07-15) to a calendar day written YYYY-MM-DD, never
 * negative. The server passes the day it renders for; the browser its visitor's own day (`localDay`).
 */
export function daysSinceLaunch(day: string, launch: string = LAUNCH_DATE): number {
  return Math.max(0, Math.floor((Date.parse(day) - Date.parse(launch)) / DAY_MS));
}

/** The calendar day of `now` where the visitor is (not in UTC), as YYYY-MM-DD. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
