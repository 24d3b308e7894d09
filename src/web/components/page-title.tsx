import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Keeps the tab title in the current language: "{page} | Darsi". */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${t('app.name')}`;
  }, [title, t]);
}
