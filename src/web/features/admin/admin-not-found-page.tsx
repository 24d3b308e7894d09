import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { usePageTitle } from '@web/components/page-title';

/**
 * An unknown /admin/dashboard/* address: a real "not found" inside the admin frame (header and sections
 * stay, so the admin can go on), not the placeholder of a feature that has not landed.
 */
export function AdminNotFoundPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('notFound.title'));
  return (
    <section className="space-y-6 rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm" data-testid="not-found">
      <h1 className="text-2xl font-extrabold text-gray-900">{t('notFound.title')}</h1>
      <p className="text-gray-600">{t('notFound.body')}</p>
      <Link to="/admin/dashboard" className={buttonClass('primary')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
