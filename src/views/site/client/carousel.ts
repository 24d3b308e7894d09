import { SWIPE_THRESHOLD_PX } from '@shared/constants';

/** The showcase moves on by itself this often (spec §2.1: it cycles 1 to 4). */
export const CAROUSEL_AUTOPLAY_MS = 6_000;

/** 1 → total, wrapping both ways (spec §2.1: the showcase cycles 1 to 4 and wraps). */
export function wrapIndex(index: number, total: number): number {
  return ((((index - 1) % total) + total) % total) + 1;
}

/** A horizontal swipe over 50 px: forward is towards the reading direction's end. */
export function swipeStep(dx: number, dy: number, rtl: boolean): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return 0;
  const towardsStart = rtl ? dx > 0 : dx < 0;
  return towardsStart ? 1 : -1;
}

/**
 * Automatic rotation, as the WAI-ARIA carousel pattern has it: it waits while the pointer is over the
 * carousel, while a finger is on it and while focus is inside; the toggle button stops and restarts it;
 * any navigation by the visitor stops it for good; it never starts when the visitor prefers reduced
 * motion. While it rotates the slides are not announced (aria-live off).
 */
function autoplay(root: HTMLElement, doc: Document, next: () => void) {
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const holds = new Set<'hover' | 'press' | 'focus'>();
  let stopped = doc.defaultView?.matchMedia('(prefers-reduced-motion: reduce)').matches ?? true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    if (stopped || holds.size > 0) return;
    timer = setTimeout(() => {
      if (!doc.hidden) next();
      schedule();
    }, CAROUSEL_AUTOPLAY_MS);
  };
  const sync = () => {
    root.toggleAttribute('data-rotating', !stopped);
    track?.setAttribute('aria-live', stopped ? 'polite' : 'off');
    if (toggle) {
      toggle.setAttribute('aria-label', (stopped ? toggle.dataset.playLabel : toggle.dataset.pauseLabel) ?? '');
      toggle.querySelectorAll<HTMLElement>('[data-when]').forEach((icon) => (icon.hidden = (icon.dataset.when === 'stopped') !== stopped));
    }
    schedule();
  };
  const hold = (reason: 'hover' | 'press' | 'focus', on: boolean) => {
    if (on) holds.add(reason);
    else holds.delete(reason);
    schedule();
  };

  toggle?.addEventListener('click', () => {
    stopped = !stopped;
    holds.delete('focus');
    sync();
  });
  root.addEventListener('pointerenter', (e) => e.pointerType === 'mouse' && hold('hover', true));
  root.addEventListener('pointerleave', (e) => e.pointerType === 'mouse' && hold('hover', false));
  root.addEventListener('pointerdown', () => hold('press', true));
  root.addEventListener('pointerup', () => hold('press', false));
  root.addEventListener('pointercancel', () => hold('press', false));
  // Focus on the toggle itself must not hold the rotation it has just started.
  root.addEventListener('focusin', (e) => e.target !== toggle && hold('focus', true));
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) hold('focus', false);
  });
  sync();
  return {
    /** The visitor took the carousel in hand: no more automatic moves. */
    stop() {
      if (stopped) return;
      stopped = true;
      sync();
    },
  };
}

export function initCarousels(doc: Document = document) {
  doc.querySelectorAll<HTMLElement>('[data-carousel]').forEach((root) => {
    const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
    const dots = [...root.querySelectorAll<HTMLElement>('[data-carousel-dot]')];
    const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
    if (slides.length === 0) return;
    const rtl = () => doc.documentElement.dir === 'rtl';
    const show = (index: number) => {
      const current = wrapIndex(index, slides.length);
      root.dataset.index = String(current);
      slides.forEach((s, i) => s.toggleAttribute('data-active', i + 1 === current));
      dots.forEach((d, i) => (i + 1 === current ? d.setAttribute('aria-current', 'true') : d.removeAttribute('aria-current')));
    };
    const step = (by: number) => show(Number(root.dataset.index ?? '1') + by);
    const rotation = autoplay(root, doc, () => step(1));
    /** A move the visitor asked for. */
    const go = (move: () => void) => {
      rotation.stop();
      move();
    };
    root.setAttribute('data-enhanced', '');
    if (controls) controls.hidden = false;
    root.querySelector('[data-carousel-next]')?.addEventListener('click', () => go(() => step(1)));
    root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => go(() => step(-1)));
    dots.forEach((d) => d.addEventListener('click', () => go(() => show(Number(d.dataset.carouselDot)))));
    root.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const forward = (e.key === 'ArrowLeft') === rtl();
      go(() => step(forward ? 1 : -1));
    });
    let start: { x: number; y: number } | null = null;
    root.addEventListener('pointerdown', (e) => (start = { x: e.clientX, y: e.clientY }));
    root.addEventListener('pointercancel', () => (start = null));
    root.addEventListener('pointerup', (e) => {
      if (!start) return;
      const by = swipeStep(e.clientX - start.x, e.clientY - start.y, rtl());
      start = null;
      if (by !== 0) go(() => step(by));
    });
    show(Number(root.dataset.index ?? '1'));
  });
}
