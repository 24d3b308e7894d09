import { useTranslation } from 'react-i18next';

/** The first tab stop: straight to the page's content, past the navigation. */
export function SkipLink() {
  const { t } = useTranslation('dashboard');
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
    >
      {t('common.skipToContent')}
    </a>
  );
}
