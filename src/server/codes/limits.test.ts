import { describe, expect, it } from 'vitest';
import {
  CARD_GUESSING,
  GUESS_RISK,
  REDEMPTION_LIMITS,
  SETTLE,
  cardNetworkShare,
  cardPlatformBudget,
  liveCodesThatMatter,
  networkOf,
  platformBudget,
  sourceShare,
} from './limits';

const limits = structuredClone({ ...REDEMPTION_LIMITS, risk: GUESS_RISK, settle: SETTLE, card: CARD_GUESSING });

describe('the arithmetic of decision 084', () => {
  it('keeps 3 windows · budget · live codes / 10^6 within 1e-4, for any number of live codes', () => {
    for (let live = 0; live <= 200; live += 1) {
      const budget = platformBudget(limits, live);
      expect(budget).toBeLessThanOrEqual(20);
      expect((3 * budget * Math.max(live, 1)) / 1e6).toBeLessThanOrEqual(1e-4);
    }
    expect([1, 2, 3, 5, 6, 10, 33, 34].map((l) => platformBudget(limits, l))).toEqual([20, 16, 11, 6, 5, 3, 1, 0]);
    expect(liveCodesThatMatter(limits)).toBe(34);
  });

  it('gives one account or network a quarter of the budget, at least 2, never more than the budget', () => {
    expect([20, 16, 11, 6, 3, 1, 0].map((b) => sourceShare(limits, b))).toEqual([5, 4, 3, 2, 2, 1, 0]);
  });

  it('takes an IPv4 address whole and an IPv6 address by its /64', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('2001:db8:0a:1::5')).toBe('2001:db8:a:1::/64');
    expect(networkOf('2001:db8:a:1:ffff:1:2:3')).toBe('2001:db8:a:1::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('guessing by card number (decision 105)', () => {
  it('gives a platform 33 wrong answers a window whatever its live cards, half of them to one network', () => {
    expect(cardPlatformBudget(limits)).toBe(33);
    // Three windows in any 24 hours, each guess worth 10^-6: 3 × 33 / 10^6 ≤ 10^-4.
    expect((3 * cardPlatformBudget(limits)) / 1e6).toBeLessThanOrEqual(1e-4);
    expect((3 * (cardPlatformBudget(limits) + 1)) / 1e6).toBeGreaterThan(1e-4);
    expect(cardNetworkShare(33)).toBe(17);
    expect(limits.card.account.max).toBe(5);
    expect(limits.card.perCard.max).toBe(5);
  });
});
