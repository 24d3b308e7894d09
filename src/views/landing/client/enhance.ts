/*
 * The viewer's page script (progressive enhancement): the page is complete without it. It adds the
 * mobile menu's finishing touches, active-section tracking, the contact form in place, the view count
 * after 2 s, the offline worker with its update banner, broken-image placeholders, the live hero
 * background from the editor, and the teacher's tracking pixels. No framework: it must stay small.
 */
import { asHeroBackground, heroBackgroundCss } from '@shared/landing-hero';
import { isValidPixel } from '@shared/landing-pixels';
import { ENTRY_COOKIE } from '@shared/entry-page';

type TData = { mode?: string; pageId?: string; viewerMode?: 'live' | 'embedded' | 'preview'; host?: 'subdomain' | 'main'; pixels?: unknown[] };

/** Spec §9: the view is counted about 2 s after load. */
const VIEWS_DELAY_MS = 2_000;

const data: TData = (() => {
  try {
    return JSON.parse(document.getElementById('lp-data')?.textContent ?? '{}') as TData;
  } catch {
    return {};
  }
})();

const $$ = <T extends Element>(selector: string, root: ParentNode = document) => Array.from(root.querySelectorAll<T>(selector));

function initMenu() {
  for (const menu of $$<HTMLDetailsElement>('details[data-menu]')) {
    const summary = menu.querySelector('summary');
    const sync = () => {
      summary?.setAttribute('aria-expanded', String(menu.open));
      // Spec §2.1: an open mobile menu locks the page's scroll.
      document.documentElement.style.overflow = menu.open ? 'hidden' : '';
    };
    sync();
    menu.addEventListener('toggle', sync);
    menu.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) menu.open = false;
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && menu.open) {
        menu.open = false;
        summary?.focus();
      }
    });
  }
}

/** Marks the navbar link of the section being read (spec §2.7), on every screen size. */
function initSectionTracking() {
  const links = $$<HTMLAnchorElement>('.lp-nav__link[href^="#"]');
  const sections = $$<HTMLElement>('[data-section]').filter((s) => s.id);
  if (links.length === 0 || sections.length === 0 || !('IntersectionObserver' in window)) return;
  const visible = new Map<string, number>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting ? entry.intersectionRatio : 0);
      const current = sections.find((s) => (visible.get(s.id) ?? 0) > 0)?.id;
      for (const link of links) {
        if (current && link.getAttribute('href') === `#${current}`) link.setAttribute('aria-current', 'true');
        else link.removeAttribute('aria-current');
      }
    },
    { rootMargin: '-30% 0px -60% 0px', threshold: [0, 0.01] },
  );
  sections.forEach((s) => observer.observe(s));
}

function initContactForm() {
  for (const form of $$<HTMLFormElement>('form[data-contact-form]')) {
    const status = form.querySelector<HTMLElement>('[data-contact-status]');
    const say = (text: string, state: string) => {
      if (!status) return;
      status.textContent = text;
      status.dataset.state = state;
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!data.pageId) return;
      const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
      if (button) button.disabled = true;
      say(form.dataset.sending ?? '', 'pending');
      const body = Object.fromEntries(new FormData(form).entries());
      fetch(`/api/landing/public/pages/${encodeURIComponent(data.pageId)}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
        .then(async (res) => {
          if (res.ok) {
            form.reset();
            say(form.dataset.success ?? '', 'success');
            return;
          }
          const error = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          say(error?.error?.message || form.dataset.failure || '', 'error');
        })
        .catch(() => say(form.dataset.failure ?? '', 'error'))
        .finally(() => {
          if (button) button.disabled = false;
        });
    });
  }
}

function initViews() {
  if (data.viewerMode !== 'live' || !data.pageId) return;
  const pageId = data.pageId;
  window.setTimeout(() => {
    void fetch(`/api/landing/public/pages/${encodeURIComponent(pageId)}/views`, { method: 'POST', keepalive: true }).catch(() => undefined);
  }, VIEWS_DELAY_MS);
}

/**
 * Issue 27 (decision 216): remembers, in a host-only cookie, which public page the visitor opened last (the teacher's
 * landing page or a course's page), so that a free enrollment made next can say where the student came from.
 */
function initEntryPage() {
  const entry = data.viewerMode === 'live' && data.pageId ? 'landing' : document.querySelector('[data-entry-page="course"]') ? 'course' : null;
  if (entry) document.cookie = `${ENTRY_COOKIE}=${entry}; path=/; max-age=${30 * 86_400}; samesite=lax`;
}

function initUpdateBanner() {
  if (data.viewerMode !== 'live' || !('serviceWorker' in navigator)) return;
  const banner = document.querySelector<HTMLElement>('[data-update-banner]');
  let waiting: ServiceWorker | null = null;
  const show = () => {
    if (banner) banner.hidden = false;
  };
  banner?.querySelector('[data-update-now]')?.addEventListener('click', () => {
    if (waiting) {
      // Spec §4: 'update now' sends SKIP_WAITING; the page reloads once the new worker controls it.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    } else {
      navigator.serviceWorker.controller?.postMessage({ type: 'SKIP_WAITING' });
      window.location.reload();
    }
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'LANDING_PAGE_UPDATED') show();
  });
  navigator.serviceWorker.startMessages();
  // On a teacher's host the worker covers the host. On the main domain the main site's worker owns `/`
  // (src/views/site/client/service-worker.ts): ours takes /landing/ only, so neither replaces the other.
  const scope = data.host === 'subdomain' ? '/' : '/landing/';
  navigator.serviceWorker
    .register('/landing-page-sw.js', { scope })
    .then((registration) => {
      // A new version waits only when this registration already has an active worker; the page's
      // controller may be another registration's (the main site's), which is no update of ours.
      const watch = (worker: ServiceWorker | null) => {
        if (!worker) return;
        const check = () => {
          if (worker.state === 'installed' && registration.active && registration.active !== worker) {
            waiting = worker;
            show();
          }
        };
        check();
        worker.addEventListener('statechange', check);
      };
      if (registration.waiting && registration.active) {
        waiting = registration.waiting;
        show();
      }
      watch(registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
    })
    .catch(() => undefined);
}

/** Spec: broken image URLs show a placeholder (the frame's icon, revealed by hiding the image). */
function initImages() {
  const mark = (img: HTMLImageElement) => img.closest('.lp-img')?.classList.add('lp-img--broken');
  for (const img of $$<HTMLImageElement>('.lp-img img')) if (img.complete && img.naturalWidth === 0) mark(img);
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) mark(event.target);
    },
    true,
  );
}

/** Spec §4: the editor announces a new hero background; the preview shows it at once. */
function initHeroBackground() {
  window.addEventListener('hero-background-changed', (event) => {
    const detail = (event as CustomEvent<{ pageId?: string; settings?: unknown }>).detail;
    if (!detail || detail.pageId !== data.pageId) return;
    const settings = asHeroBackground(detail.settings);
    const hero = document.getElementById('hero');
    if (!settings || !hero) return;
    const style = getComputedStyle(document.body);
    const css = heroBackgroundCss(settings, {
      primary: style.getPropertyValue('--lp-primary').trim() || '#2563eb',
      secondary: style.getPropertyValue('--lp-secondary').trim() || '#0f766e',
    });
    hero.style.backgroundColor = '';
    hero.style.backgroundImage = '';
    Object.assign(hero.style, css);
  });
}

function loadScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Pixels are configured by provider and ID only; the loaders below are ours, the IDs re-checked. */
function initPixels() {
  const w = window as unknown as Record<string, unknown> & { dataLayer?: unknown[] };
  for (const pixel of data.pixels ?? []) {
    if (!isValidPixel(pixel)) continue;
    if (pixel.provider === 'meta') {
      const fbq = ((...args: unknown[]) => void fbq.queue.push(args)) as unknown as ((...args: unknown[]) => void) & {
        queue: unknown[];
        loaded: boolean;
        version: string;
        push: unknown;
      };
      fbq.queue = [];
      fbq.loaded = true;
      fbq.version = '2.0';
      fbq.push = fbq;
      w.fbq ??= fbq;
      w._fbq ??= w.fbq;
      (w.fbq as (...a: unknown[]) => void)('init', pixel.id);
      (w.fbq as (...a: unknown[]) => void)('track', 'PageView');
      loadScript('https://connect.facebook.net/en_US/fbevents.js');
    } else if (pixel.provider === 'tiktok') {
      const ttq = (w.ttq as unknown[] & Record<string, unknown>) ?? ([] as unknown as unknown[] & Record<string, unknown>);
      for (const method of ['page', 'track', 'identify']) ttq[method] = (...args: unknown[]) => ttq.push([method, ...args]);
      w.TiktokAnalyticsObject = 'ttq';
      w.ttq = ttq;
      (ttq.page as () => void)();
      loadScript(`https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${encodeURIComponent(pixel.id)}&lib=ttq`);
    } else {
      w.dataLayer ??= [];
      // gtag.js reads Arguments objects, not arrays, from its queue.
      const gtag = function (..._args: unknown[]) {
        // eslint-disable-next-line prefer-rest-params
        w.dataLayer!.push(arguments);
      };
      gtag('js', new Date());
      gtag('config', pixel.id);
      loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(pixel.id)}`);
    }
  }
}

/** The debug 404's "reload data" also forgets what this browser kept. */
function initClearCache() {
  for (const link of $$<HTMLAnchorElement>('[data-clear-cache]')) {
    link.addEventListener('click', (event) => {
      if (!('caches' in window)) return;
      event.preventDefault();
      void Promise.all([caches.delete('darsi-landing-pages-v1')]).finally(() => window.location.assign(link.href));
    });
  }
}

document.documentElement.classList.add('lp-js');
initMenu();
initSectionTracking();
initContactForm();
initViews();
initEntryPage();
initUpdateBanner();
initImages();
initHeroBackground();
if (data.viewerMode !== 'preview') initPixels();
initClearCache();
