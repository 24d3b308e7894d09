// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import fs from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

const ar = JSON.parse(fs.readFileSync('public/locales/ar/common.json', 'utf8')) as { overlay: { tips: Record<string, string> } };

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'ar', resources: { ar: { common: ar } }, defaultNS: 'common' });
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LoadingOverlay', () => {
  it('stays hidden for the first 300 ms', () => {
    render(<LoadingOverlay />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
  });

  it('shows an Arabic tip and moves to the next one every 5 s', () => {
    render(<LoadingOverlay />);
    act(() => vi.advanceTimersByTime(300));
    const tips = Object.values(ar.overlay.tips);
    const first = screen.getByTestId('loading-tip').textContent ?? '';
    expect(tips).toContain(first);
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByTestId('loading-tip').textContent).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    const second = screen.getByTestId('loading-tip').textContent ?? '';
    expect(second).toBe(tips[(tips.indexOf(first) + 1) % tips.length]);
  });

  it('starts on a random tip', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      const { unmount } = render(<LoadingOverlay />);
      act(() => vi.advanceTimersByTime(300));
      seen.add(screen.getByTestId('loading-tip').textContent ?? '');
      unmount();
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('animates its progress bar over 8 s', () => {
    const { container } = render(<LoadingOverlay />);
    act(() => vi.advanceTimersByTime(300));
    const bar = container.querySelector<HTMLElement>('.overlay-progress');
    expect(bar?.style.animationDuration).toBe('8000ms');
  });
});
