import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, toLanguage } from '@shared/i18n';

/**
 * Spec §4 language change. The options are links to the same page in each language; the script
 * first makes sure that page loads, then stores the choice (localStorage and the cookie the server
 * reads) and goes there. If it cannot load, the selection stays as it was and a message says so.
 */
export function initLanguageMenu(doc: Document = document) {
  const menu = doc.querySelector<HTMLDetailsElement>('details[data-language-menu]');
  if (!menu) return;
  const error = menu.parentElement?.querySelector<HTMLElement>('[data-language-error]');
  menu.querySelectorAll<HTMLAnchorElement>('a[data-lng]').forEach((link) => {
    link.addEventListener('click', async (event) => {
      event.preventDefault();
      menu.open = false;
      const lng = toLanguage(link.dataset.lng);
      if (link.getAttribute('aria-current') === 'true') return;
      menu.setAttribute('aria-busy', 'true');
      try {
        const res = await fetch(link.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
        if (!res.ok) throw new Error(String(res.status));
        remember(lng);
        window.location.assign(link.href);
      } catch {
        menu.removeAttribute('aria-busy');
        if (error) {
          error.hidden = false;
          setTimeout(() => (error.hidden = true), 4_000);
        }
      }
    });
  });
}

function remember(lng: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Storage may be disabled; the cookie below is enough for the server.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}
