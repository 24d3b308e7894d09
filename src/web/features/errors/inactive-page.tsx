import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@web/components/page-title';
import { mainSiteUrl } from '@web/lib/host-platform';

/**
 * A paused or suspended teacher's platform (spec §2.5 /inactive). Its way out is Darsi's main site: "/" on
 * the teacher's host would lead straight back here. Students learn what happens to what they paid for.
 */
export function InactivePage() {
  const { t } = useTranslation();
  usePageTitle(t('inactive.title'));
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid="inactive">
      <h1 className="text-3xl font-bold text-gray-900">{t('inactive.title')}</h1>
      <p className="mt-3 text-gray-600">{t('inactive.body')}</p>
      <p className="mt-3 text-gray-600" data-testid="inactive-students">
        {t('inactive.students')}
      </p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <a
          href="/student/login"
          className="inline-block rounded-lg bg-primary-600 px-5 py-2.5 font-medium text-white hover:bg-primary-700"
          data-testid="inactive-login"
        >
          {t('inactive.studentLogin')}
        </a>
        <a
          href={mainSiteUrl('/')}
          className="inline-block rounded-lg border border-gray-300 px-5 py-2.5 font-medium text-gray-800 hover:bg-gray-50"
          data-testid="inactive-home"
        >
          {t('inactive.darsiHome')}
        </a>
      </div>
      <p className="mt-6 text-sm text-gray-600">
        {t('inactive.teacherLead')}{' '}
        <a href={mainSiteUrl('/contact')} className="font-medium text-primary-700 underline-offset-4 hover:underline" data-testid="inactive-support">
          {t('inactive.support')}
        </a>
      </p>
    </section>
  );
}
