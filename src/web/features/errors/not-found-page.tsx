import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@web/components/page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="not-found">
      <p className="text-7xl font-extrabold text-primary-600">{t('notFound.code')}</p>
      <h1 className="mt-4 text-3xl font-bold text-gray-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-gray-600">{t('notFound.body')}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-primary-600 px-5 py-2.5 font-medium text-white hover:bg-primary-700">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
