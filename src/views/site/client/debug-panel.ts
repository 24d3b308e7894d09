import { DEFAULT_PRIMARY_COLOR, PRIMARY_COLOR_STORAGE_KEY } from '@shared/constants';
import { parsePrimaryColor } from '@shared/color';

function stored(): string {
  try {
    return parsePrimaryColor(localStorage.getItem(PRIMARY_COLOR_STORAGE_KEY));
  } catch {
    return DEFAULT_PRIMARY_COLOR;
  }
}

/** Every primary shade derives from --primary (src/shared/palette.css), as in the web app. */
export function applyPrimary(color: string, doc: Document = document) {
  doc.documentElement.style.setProperty('--primary', parsePrimaryColor(color));
}

/** Spec §2.1 and §9: Alt+Shift+D toggles a hidden panel to try primary colours live. */
export function initDebugPanel(doc: Document = document) {
  applyPrimary(stored(), doc);
  const panel = doc.querySelector<HTMLElement>('[data-debug-panel]');
  if (!panel) return;
  const input = panel.querySelector<HTMLInputElement>('[data-debug-color]');
  const tryColor = (color: string) => {
    applyPrimary(color, doc);
    if (input) input.value = parsePrimaryColor(color);
  };
  const toggle = (open: boolean) => {
    panel.hidden = !open;
    if (open) {
      if (input) input.value = stored();
      input?.focus();
    }
  };
  doc.addEventListener('keydown', (e) => {
    if (e.altKey && e.shiftKey && e.code === 'KeyD') {
      e.preventDefault();
      toggle(panel.hidden);
    }
  });
  input?.addEventListener('input', () => tryColor(input.value));
  panel.querySelectorAll<HTMLElement>('[data-debug-preset]').forEach((b) => b.addEventListener('click', () => tryColor(b.dataset.debugPreset ?? '')));
  panel.querySelector('[data-debug-save]')?.addEventListener('click', () => {
    try {
      localStorage.setItem(PRIMARY_COLOR_STORAGE_KEY, parsePrimaryColor(input?.value));
    } catch {
      // Without storage the colour lasts for this page only.
    }
  });
  panel.querySelector('[data-debug-reset]')?.addEventListener('click', () => {
    try {
      localStorage.removeItem(PRIMARY_COLOR_STORAGE_KEY);
    } catch {
      // Nothing stored to remove.
    }
    tryColor(DEFAULT_PRIMARY_COLOR);
  });
  panel.querySelector('[data-debug-close]')?.addEventListener('click', () => toggle(false));
}
