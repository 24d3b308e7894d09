import { NAVBAR_HIDE_AFTER_PX, NAVBAR_MOVE_THRESHOLD_PX, NAVBAR_SCROLLED_AFTER_PX } from '@shared/constants';

/**
 * Spec §2.1: the bar hides when scrolling down past 100 px and shows when scrolling up; movements under
 * 10 px are ignored; the scrolled style applies after 10 px. `next` is a pure step so it can be tested.
 */
export function nextHeaderState(lastY: number, y: number, hidden: boolean): { hidden: boolean; lastY: number } {
  if (Math.abs(y - lastY) < NAVBAR_MOVE_THRESHOLD_PX) return { hidden, lastY };
  return { hidden: y > lastY && y > NAVBAR_HIDE_AFTER_PX, lastY: y };
}

export function initHeader(doc: Document = document) {
  const header = doc.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  let state = { hidden: false, lastY: window.scrollY };
  let queued = false;
  const update = () => {
    queued = false;
    const y = window.scrollY;
    header.toggleAttribute('data-scrolled', y > NAVBAR_SCROLLED_AFTER_PX);
    // Never hide the bar while its drawer or a menu of it is open.
    if (header.querySelector('details[open]')) {
      state = { hidden: false, lastY: y };
    } else {
      state = nextHeaderState(state.lastY, y, state.hidden);
    }
    header.toggleAttribute('data-hidden', state.hidden);
  };
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  header.addEventListener('focusin', () => header.removeAttribute('data-hidden'));
  update();
}

/** Menus built on <details>: one open at a time, closed by an outside click or Escape. */
export function initDisclosures(doc: Document = document) {
  const all = () => [...doc.querySelectorAll<HTMLDetailsElement>('details[data-dropdown], details[data-language-menu], details[data-drawer]')];
  doc.addEventListener('click', (event) => {
    const target = event.target as Node;
    for (const d of all()) if (d.open && !d.contains(target)) d.open = false;
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const d of all()) {
      if (!d.open) continue;
      d.open = false;
      d.querySelector('summary')?.focus();
    }
  });
  for (const d of all()) {
    d.addEventListener('toggle', () => {
      if (d.open) for (const other of all()) if (other !== d && other.open) other.open = false;
    });
  }
}

/** Spec §2.1: the mobile drawer locks the page's scroll while it is open. */
export function initDrawer(doc: Document = document) {
  const drawer = doc.querySelector<HTMLDetailsElement>('details[data-drawer]');
  if (!drawer) return;
  const label = drawer.querySelector('summary .sr-only');
  const openText = label?.textContent ?? '';
  const closeText = drawer.querySelector('[data-drawer-close]')?.textContent ?? openText;
  drawer.addEventListener('toggle', () => {
    doc.documentElement.toggleAttribute('data-scroll-lock', drawer.open);
    if (label) label.textContent = drawer.open ? closeText : openText;
  });
  drawer.querySelector('[data-drawer-close]')?.addEventListener('click', () => {
    drawer.open = false;
    drawer.querySelector('summary')?.focus();
  });
  // A link to a section of the same page closes the drawer before scrolling there.
  drawer.querySelectorAll('a').forEach((a) => a.addEventListener('click', () => (drawer.open = false)));
  // Growing past the breakpoint hides the drawer: release the lock with it.
  window.matchMedia('(min-width: 64rem)').addEventListener('change', (e) => {
    if (e.matches) drawer.open = false;
  });
}
