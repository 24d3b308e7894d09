import { LAUNCH_DATE } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { isLanguage } from '@shared/i18n';
import { daysSinceLaunch, localDay } from '@shared/launch';

/**
 * Spec §2.1: navigation that names a section (/#pricing) scrolls to it; any other arrival starts at the
 * top, including a reload (the browser would otherwise restore the old position).
 */
export function initScroll(win: Window = window) {
  if ('scrollRestoration' in win.history) win.history.scrollRestoration = 'manual';
  const id = decodeURIComponent(win.location.hash.slice(1));
  const target = id ? win.document.getElementById(id) : null;
  // Instant: the page has just arrived, there is nothing to animate from.
  if (target) target.scrollIntoView({ behavior: 'instant' });
  else win.scrollTo({ top: 0, behavior: 'instant' });
  win.document.querySelectorAll<HTMLAnchorElement>('[data-back-to-top]').forEach((a) =>
    a.addEventListener('click', (e) => {
      e.preventDefault();
      win.scrollTo({ top: 0, behavior: win.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
      win.document.getElementById('main')?.focus({ preventScroll: true });
    }),
  );
}

/** The server renders today's count; a page from the offline cache may be older, so recount. */
export function initLaunchBanner(doc: Document = document, now = new Date()) {
  const banner = doc.querySelector<HTMLElement>('[data-launch-banner]');
  const text = banner?.querySelector('[data-launch-text]');
  if (!banner || !text) return;
  const forms = JSON.parse(banner.dataset.forms ?? '{}') as Record<string, string>;
  // Counted in the visitor's calendar, with the same rule as the server's count.
  const count = daysSinceLaunch(localDay(now), banner.dataset.launch ?? LAUNCH_DATE);
  const category = count === 0 ? 'zero' : new Intl.PluralRules(doc.documentElement.lang).select(count);
  const template = forms[category] ?? forms.other;
  const lang = doc.documentElement.lang;
  // Grouped by the one formatter, like the server's rendering of the same banner.
  if (template) text.textContent = template.replace('{count}', isLanguage(lang) ? formatNumber(lang, count) : String(count));
}
