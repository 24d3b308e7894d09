import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { usePageTitle } from './page-title';

/** Routes whose feature has not landed yet show what they are and that they are coming. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const page = (matches.at(-1)?.handle as { page?: string } | undefined)?.page ?? 'home';
  const title = t(`pages.${page}`);
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center" data-page={page}>
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-4 text-gray-600">{t('placeholder.body')}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-primary-600 px-5 py-2.5 font-medium text-white hover:bg-primary-700">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
