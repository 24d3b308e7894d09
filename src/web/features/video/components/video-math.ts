/** Pure arithmetic of the video screens (upload speed, time left, clock, watermark spots), unit-tested. */

export type TSample = { at: number; bytes: number };

/** How far back the speed looks: long enough to smooth a bumpy line, short enough to follow a change. */
const RATE_WINDOW_MS = 8_000;

/** Keeps the samples of the last window (and one before it, so a slow chunk still spans the window). */
export function keepRecent(samples: readonly TSample[], now: number, windowMs = RATE_WINDOW_MS): TSample[] {
  const firstInside = samples.findIndex((s) => now - s.at <= windowMs);
  if (firstInside === -1) return samples.slice(-1);
  return samples.slice(Math.max(0, firstInside - 1));
}

/** Bytes per second over the samples, or null while there is not yet a second's worth to judge by. */
export function transferRate(samples: readonly TSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < 1_000 || last.bytes <= first.bytes) return null;
  return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
}

/** Whole seconds left at this rate, or null when the rate is unknown. */
export function secondsLeft(sent: number, total: number, rate: number | null): number | null {
  if (!rate || rate <= 0) return null;
  return Math.max(0, Math.ceil((total - sent) / rate));
}

/** "4:05", "1:02:09": a video clock, always with Western digits and read left to right. */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Splits seconds into the largest sensible units, for a translated "2 min 5 s left". */
export function durationParts(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.round(totalSeconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

/**
 * A new place for the watermark, in percent of the player from its top and its start edge. The box keeps
 * away from the edges (where a recording is cropped first) and from the control bar at the bottom, and
 * lands at least `minJump` percent from where it was so that each move is visible.
 */
export function watermarkSpot(random: () => number, previous?: { top: number; start: number }, minJump = 15): { top: number; start: number } {
  let spot = { top: 0, start: 0 };
  for (let attempt = 0; attempt < 8; attempt += 1) {
    spot = { top: Math.round(6 + random() * 66), start: Math.round(4 + random() * 52) };
    if (!previous || Math.abs(spot.top - previous.top) + Math.abs(spot.start - previous.start) >= minJump) return spot;
  }
  return spot;
}

/** The seek bar's value after a keyboard step, kept inside the video. */
export function stepTime(current: number, delta: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : current + Math.max(delta, 0);
  return Math.min(Math.max(0, current + delta), end);
}

/** Playback speeds offered to students: slower for hard passages, up to twice for revision. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
