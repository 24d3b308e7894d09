import { describe, expect, it } from 'vitest';
import { clock, durationParts, keepRecent, secondsLeft, stepTime, transferRate, watermarkSpot } from './video-math';

describe('upload speed and time left', () => {
  it('measures bytes per second over the samples', () => {
    const samples = [
      { at: 0, bytes: 0 },
      { at: 2_000, bytes: 4 * 1024 ** 2 },
      { at: 4_000, bytes: 8 * 1024 ** 2 },
    ];
    expect(transferRate(samples)).toBe(2 * 1024 ** 2);
  });

  it('says nothing before a second has passed or when nothing moved (a pause, a retry)', () => {
    expect(transferRate([])).toBeNull();
    expect(
      transferRate([
        { at: 0, bytes: 0 },
        { at: 500, bytes: 100 },
      ]),
    ).toBeNull();
    expect(
      transferRate([
        { at: 0, bytes: 100 },
        { at: 5_000, bytes: 100 },
      ]),
    ).toBeNull();
  });

  it('forgets old samples but keeps one before the window so a slow chunk still counts', () => {
    const samples = [0, 3_000, 9_000, 12_000, 15_000].map((at) => ({ at, bytes: at }));
    expect(keepRecent(samples, 15_000, 8_000).map((s) => s.at)).toEqual([3_000, 9_000, 12_000, 15_000]);
    expect(keepRecent([{ at: 0, bytes: 1 }], 60_000, 8_000)).toEqual([{ at: 0, bytes: 1 }]);
  });

  it('rounds the time left up, and has none without a speed', () => {
    expect(secondsLeft(0, 10 * 1024 ** 2, 3 * 1024 ** 2)).toBe(4);
    expect(secondsLeft(10, 10, 5)).toBe(0);
    expect(secondsLeft(0, 10, null)).toBeNull();
  });

  it('splits durations for a readable "time left"', () => {
    expect(durationParts(3_725)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
    expect(durationParts(59.6)).toEqual({ hours: 0, minutes: 1, seconds: 0 });
  });
});

describe('player clock and keys', () => {
  it('writes minutes and seconds, with hours only when needed', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65.9)).toBe('1:05');
    expect(clock(3_729)).toBe('1:02:09');
    expect(clock(Number.NaN)).toBe('0:00');
  });

  it('keeps keyboard seeking inside the video', () => {
    expect(stepTime(3, -5, 100)).toBe(0);
    expect(stepTime(98, 5, 100)).toBe(100);
    expect(stepTime(10, 5, Number.NaN)).toBe(15);
  });
});

describe('watermark placement', () => {
  it('stays inside the picture, away from the edges and the control bar', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 500; i += 1) {
      const { top, start } = watermarkSpot(random);
      expect(top).toBeGreaterThanOrEqual(6);
      expect(top).toBeLessThanOrEqual(72);
      expect(start).toBeGreaterThanOrEqual(4);
      expect(start).toBeLessThanOrEqual(56);
    }
  });

  it('moves far enough from the previous spot to be seen moving', () => {
    const values = [0.5, 0.5, 0.52, 0.5, 1, 1];
    const random = () => values.shift() ?? 0;
    const previous = { top: 39, start: 30 };
    const next = watermarkSpot(random, previous);
    expect(Math.abs(next.top - previous.top) + Math.abs(next.start - previous.start)).toBeGreaterThanOrEqual(15);
  });
});
