import { LANGUAGES } from '@shared/i18n';
import { Icon } from '@views/site/components/icons';
import { useSite } from '@views/site/context';

/**
 * A disclosure of plain links (`?lng=xx`), so changing language works without JavaScript; the script
 * stores the choice, checks the page loads, closes on outside click and reverts on failure (spec §4).
 */
export function LanguageMenu({ id }: { id: string }) {
  const { lng, t, path } = useSite();
  return (
    <div className="relative">
      <details className="relative" data-language-menu>
        <summary
          data-testid="language-switcher"
          // The name starts with what the summary shows (WCAG 2.5.3, label in name), then says what it does.
          aria-label={`${t(`common:language.names.${lng}`)} · ${t('language.label')}`}
          className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg border border-gray-200 px-2.5 py-1.5 text-sm hover:bg-gray-50"
        >
          <Icon name="globe" className="h-4 w-4" />
          <span data-language-current>{t(`common:language.names.${lng}`)}</span>
        </summary>
        <ul id={id} className="absolute end-0 z-50 mt-2 min-w-36 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
          {LANGUAGES.map((l) => (
            <li key={l}>
              <a
                href={`${path}?lng=${l}`}
                hrefLang={l}
                lang={l}
                data-lng={l}
                data-testid={`language-option-${l}`}
                aria-current={l === lng ? 'true' : undefined}
                className="flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm hover:bg-primary-50 aria-[current]:font-bold"
              >
                {t(`common:language.names.${l}`)}
                {l === lng && <Icon name="check" className="h-4 w-4" />}
              </a>
            </li>
          ))}
        </ul>
      </details>
      {/* Outside the disclosure, which hides its content once closed. */}
      <p data-language-error role="alert" hidden className="absolute end-0 top-full z-50 mt-2 w-64 rounded-lg bg-red-50 p-3 text-sm text-red-800 shadow">
        {t('language.changeFailed')}
      </p>
    </div>
  );
}
