// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_AUTOPLAY_MS, initCarousels, swipeStep, wrapIndex } from './carousel';
import { localErrors } from './forms';
import { nextHeaderState } from './header';
import { initLaunchBanner } from './page';
import { initServiceWorker, PENDING_UPDATE_KEY } from './service-worker';

describe('navbar (spec §2.1: hide past 100 px going down, 10 px movement threshold)', () => {
  it('hides only when scrolling down past 100 px', () => {
    expect(nextHeaderState(0, 60, false)).toEqual({ hidden: false, lastY: 60 });
    expect(nextHeaderState(60, 120, false)).toEqual({ hidden: true, lastY: 120 });
    expect(nextHeaderState(120, 400, true)).toEqual({ hidden: true, lastY: 400 });
  });

  it('shows again when scrolling up', () => {
    expect(nextHeaderState(400, 380, true)).toEqual({ hidden: false, lastY: 380 });
  });

  it('ignores movements under 10 px', () => {
    expect(nextHeaderState(400, 391, true)).toEqual({ hidden: true, lastY: 400 });
    expect(nextHeaderState(150, 159, false)).toEqual({ hidden: false, lastY: 150 });
  });
});

describe('showcase carousel (1 → 4, wrapping; swipe over 50 px)', () => {
  it('wraps both ways', () => {
    expect([1, 2, 3, 4, 5, 6].map((i) => wrapIndex(i, 4))).toEqual([1, 2, 3, 4, 1, 2]);
    expect(wrapIndex(0, 4)).toBe(4);
    expect(wrapIndex(-1, 4)).toBe(3);
  });

  it('moves on a horizontal swipe over 50 px, towards the reading direction', () => {
    expect(swipeStep(-51, 0, false)).toBe(1);
    expect(swipeStep(51, 0, false)).toBe(-1);
    expect(swipeStep(51, 0, true)).toBe(1);
    expect(swipeStep(-51, 0, true)).toBe(-1);
    expect(swipeStep(-50, 0, false)).toBe(0);
    expect(swipeStep(-60, 80, false)).toBe(0);
  });
});

describe('showcase carousel rotation (spec §2.1: it cycles 1 to 4)', () => {
  const mount = (reducedMotion = false) => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: reducedMotion && query.includes('reduce') }) as MediaQueryList);
    document.documentElement.dir = 'rtl';
    document.body.innerHTML = `
      <div data-carousel data-index="1">
        <div data-carousel-track aria-live="polite">${[1, 2, 3, 4].map((n) => `<div data-slide="${n}"></div>`).join('')}</div>
        <div data-carousel-controls hidden>
          <button data-carousel-next></button>
          <button data-carousel-toggle data-pause-label="pause" data-play-label="play"><span data-when="rotating"></span><span data-when="stopped" hidden></span></button>
        </div>
      </div>`;
    initCarousels(document);
    const root = document.querySelector<HTMLElement>('[data-carousel]')!;
    return { root, index: () => root.dataset.index, toggle: root.querySelector<HTMLButtonElement>('[data-carousel-toggle]')! };
  };
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('moves on every 6 s and wraps from 4 to 1, without announcing each move', () => {
    const { root, index } = mount();
    expect(root.querySelector('[data-carousel-track]')?.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1);
    expect(index()).toBe('1');
    vi.advanceTimersByTime(1);
    expect(index()).toBe('2');
    vi.advanceTimersByTime(3 * CAROUSEL_AUTOPLAY_MS);
    expect(index()).toBe('1');
  });

  it('waits while the pointer is over it or focus is inside, and starts again after', () => {
    const { root, index } = mount();
    root.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(3 * CAROUSEL_AUTOPLAY_MS);
    expect(index()).toBe('1');
    root.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    root.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    vi.advanceTimersByTime(3 * CAROUSEL_AUTOPLAY_MS);
    expect(index()).toBe('1');
    root.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }));
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    expect(index()).toBe('2');
    // A finger on it holds it too.
    root.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch' }));
    vi.advanceTimersByTime(2 * CAROUSEL_AUTOPLAY_MS);
    expect(index()).toBe('2');
  });

  it('stops for good once the visitor moves it, and the toggle stops and restarts it', () => {
    const first = mount();
    first.root.querySelector<HTMLButtonElement>('[data-carousel-next]')!.click();
    expect(first.index()).toBe('2');
    vi.advanceTimersByTime(5 * CAROUSEL_AUTOPLAY_MS);
    expect(first.index()).toBe('2');

    const { index, toggle } = mount();
    toggle.click();
    expect(toggle.getAttribute('aria-label')).toBe('play');
    vi.advanceTimersByTime(3 * CAROUSEL_AUTOPLAY_MS);
    expect(index()).toBe('1');
    toggle.click();
    expect(toggle.getAttribute('aria-label')).toBe('pause');
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    expect(index()).toBe('2');
  });

  it('never moves on its own for a visitor who prefers reduced motion', () => {
    const { index, toggle, root } = mount(true);
    expect(toggle.getAttribute('aria-label')).toBe('play');
    expect(root.querySelector('[data-carousel-track]')?.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(5 * CAROUSEL_AUTOPLAY_MS);
    expect(index()).toBe('1');
  });
});

describe('launch banner', () => {
  it('recounts the days in the visitor’s calendar, with the plural form of the page’s language', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = `<p data-launch-banner data-launch="2023-07-15" data-forms='{"one":"{count} day","other":"{count} days"}'><span data-launch-text>stale</span></p>`;
    initLaunchBanner(document, new Date(2023, 6, 16, 0, 1));
    expect(document.querySelector('[data-launch-text]')?.textContent).toBe('1 day');
    initLaunchBanner(document, new Date(2026, 10, 24, 23, 59));
    expect(document.querySelector('[data-launch-text]')?.textContent).toBe('1,228 days');
  });
});

describe('form checks before sending', () => {
  it('uses the form’s own messages, and the special one of a field', () => {
    document.body.innerHTML = `
      <form data-required="required!" data-email-invalid="bad e-mail" data-required-fields='{"text":"write something"}'>
        <input name="name" required value=" ">
        <input name="email" type="email" value="nope">
        <textarea name="text" required></textarea>
        <input name="phone">
      </form>`;
    expect(localErrors(document.querySelector('form')!)).toEqual({ name: 'required!', email: 'bad e-mail', text: 'write something' });
  });
});

describe('main-site worker (spec §4)', () => {
  type TListener = (event: unknown) => void;
  const fakeRegistration = () => {
    const listeners: Record<string, TListener> = {};
    return {
      listeners,
      waiting: null as null | { postMessage: ReturnType<typeof vi.fn> },
      update: vi.fn(() => Promise.resolve()),
      addEventListener: (type: string, l: TListener) => (listeners[type] = l),
    };
  };
  const fakeContainer = (registration: ReturnType<typeof fakeRegistration>, controller: object | null) => {
    const listeners: Record<string, TListener> = {};
    return {
      listeners,
      controller,
      register: vi.fn(() => Promise.resolve(registration)),
      addEventListener: (type: string, l: TListener) => (listeners[type] = l),
    };
  };
  const memoryStorage = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
  };
  type TArgs = Parameters<typeof initServiceWorker>;

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('registers /service-worker.js and checks for an update every hour', async () => {
    const reg = fakeRegistration();
    const container = fakeContainer(reg, null);
    await initServiceWorker(container as unknown as TArgs[0], memoryStorage());
    expect(container.register).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });
    vi.advanceTimersByTime(59 * 60_000);
    expect(reg.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(reg.update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * 60_000);
    expect(reg.update).toHaveBeenCalledTimes(2);
  });

  it('an update found while a worker controls the page only sets the pending flag', async () => {
    const storage = memoryStorage();
    const reg = fakeRegistration();
    await initServiceWorker(fakeContainer(reg, {}) as unknown as TArgs[0], storage);
    reg.listeners.updatefound?.({});
    expect(storage.getItem(PENDING_UPDATE_KEY)).toBe('1');

    // The first install (no controller yet) is not an update.
    const first = memoryStorage();
    const reg2 = fakeRegistration();
    await initServiceWorker(fakeContainer(reg2, null) as unknown as TArgs[0], first);
    reg2.listeners.updatefound?.({});
    expect(first.getItem(PENDING_UPDATE_KEY)).toBeNull();
  });

  it('applies a pending update about 3 s after the next load', async () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_UPDATE_KEY, '1');
    const reg = fakeRegistration();
    reg.waiting = { postMessage: vi.fn() };
    await initServiceWorker(fakeContainer(reg, {}) as unknown as TArgs[0], storage);
    vi.advanceTimersByTime(2_900);
    expect(reg.waiting.postMessage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(reg.waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(storage.getItem(PENDING_UPDATE_KEY)).toBeNull();
  });

  it('reloads the page when the worker says RELOAD', async () => {
    const reload = vi.fn();
    const container = fakeContainer(fakeRegistration(), {});
    await initServiceWorker(container as unknown as TArgs[0], memoryStorage(), reload);
    container.listeners.message?.({ data: { type: 'OTHER' } });
    expect(reload).not.toHaveBeenCalled();
    container.listeners.message?.({ data: { type: 'RELOAD' } });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
