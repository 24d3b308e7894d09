import { describe, expect, it } from 'vitest';
import { daysSinceLaunch, localDay } from './launch';

describe('days since the launch (2023-07-15)', () => {
  it('counts whole calendar days, never below zero', () => {
    expect(daysSinceLaunch('2023-07-15')).toBe(0);
    expect(daysSinceLaunch('2023-07-16')).toBe(1);
    expect(daysSinceLaunch('2024-07-15')).toBe(366);
    expect(daysSinceLaunch('2026-11-24')).toBe(1228);
    expect(daysSinceLaunch('2023-01-01')).toBe(0);
  });

  it('takes the visitor’s own calendar day, not the UTC one', () => {
    expect(localDay(new Date(2023, 6, 15, 23, 59))).toBe('2023-07-15');
    expect(localDay(new Date(2023, 6, 16, 0, 1))).toBe('2023-07-16');
    expect(daysSinceLaunch(localDay(new Date(2023, 6, 16, 0, 1)))).toBe(1);
  });
});
