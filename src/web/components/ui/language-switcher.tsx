import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage, type TLanguage } from '@shared/i18n';
import { notify } from '@web/lib/notify';

/** Closes on outside pointer-down and on Escape while `open`. */
function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);
  return ref;
}

/**
 * Spec §4: the menu closes after a change or an outside click, and a failed change reverts the
 * selection. It is written here rather than with Radix to keep the public first load small
 * (docs/decisions/005-initial-bundle.md).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<TLanguage | null>(null);
  const ref = useDismiss(open, () => setOpen(false));

  const change = async (next: TLanguage) => {
    setOpen(false);
    if (next === current) return;
    setPending(next);
    try {
      await i18n.changeLanguage(next);
      // A failed read still counts as "loaded" for hasLoadedNamespace; only a bundle proves success.
      if (!i18n.hasResourceBundle(next, 'common')) throw new Error('translations not loaded');
    } catch {
      await i18n.changeLanguage(current);
      notify.error(t('language.changeFailed'));
    } finally {
      setPending(null);
    }
  };

  const shown = pending ?? current;
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        data-testid="language-switcher"
        aria-haspopup="menu"
        aria-expanded={open}
        // The name starts with what the button shows (WCAG 2.5.3, label in name), then says what it does.
        aria-label={`${t(`language.names.${shown}`)} · ${t('language.label')}`}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-lg border border-gray-200 px-3 py-1.5 text-sm hover:bg-gray-50"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
        </svg>
        <span>{t(`language.names.${shown}`)}</span>
      </button>
      {open && (
        <div role="menu" className="absolute end-0 z-50 mt-2 min-w-36 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
          {LANGUAGES.map((lng) => (
            <button
              key={lng}
              type="button"
              role="menuitemradio"
              aria-checked={lng === shown}
              lang={lng}
              data-testid={`language-option-${lng}`}
              onClick={() => void change(lng)}
              className="flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-start text-sm hover:bg-primary-50 aria-checked:font-bold"
            >
              {t(`language.names.${lng}`)}
              {lng === shown && (
                <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="3">
                  <path d="M5 12l5 5L19 7" />
                </svg>
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
