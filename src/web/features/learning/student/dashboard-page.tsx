import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { useDateFormat } from '@web/lib/format';
import { ArrowForwardIcon, BookIcon, GlobeIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { useSession } from '@web/components/area/session';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { VerifyEmailReminder } from '@web/components/resend-verification';
import { platformsQuery } from '@web/features/learning/api';
import { MyCourses } from './my-courses';

type TPlatform = { id: string; name: string; subdomain: string; joinedAt: string };

function PlatformItem({ platform, current }: { platform: TPlatform; current: boolean }) {
  const { t } = useTranslation('dashboard');
  const formatDate = useDateFormat();
  return (
    <li
      data-testid="student-platform"
      data-subdomain={platform.subdomain}
      aria-current={current ? 'true' : undefined}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:flex-row sm:items-center"
    >
      <span className="hidden rounded-xl bg-primary-50 p-2 text-primary-700 sm:block">
        <GlobeIcon />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-bold text-gray-900">
          <span className="min-w-0">{platform.name}</span>
          {current && <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs font-bold text-primary-800">{t('student.current')}</span>}
        </p>
        <p className="text-sm text-gray-600">
          <bdi dir="ltr">{platform.subdomain}</bdi>
          {' · '}
          {t('student.joinedOn', { date: formatDate(platform.joinedAt) })}
        </p>
      </div>
      <Link to={`/platform/${platform.subdomain}`} className={buttonClass('secondary', 'sm')} aria-label={t('student.openNamed', { name: platform.name })}>
        {t('student.open')}
        <ArrowForwardIcon className="h-4 w-4" />
      </Link>
    </li>
  );
}

function PlatformList({ current }: { current?: string }) {
  const { t } = useTranslation('dashboard');
  const platforms = useQuery(platformsQuery);
  if (platforms.isPending) {
    return <LoadingBlock label={t('student.loading')} blocks={['h-20', 'h-20']} />;
  }
  if (platforms.isError) return <QueryError query={platforms} />;
  if (platforms.data.length === 0) {
    return (
      <div data-testid="student-platforms-empty" className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 p-8 text-center">
        <BookIcon className="h-8 w-8 text-gray-400" />
        <p className="font-bold text-gray-900">{t('student.empty.title')}</p>
        <p className="max-w-md text-sm text-gray-600">{t('student.empty.body')}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-3" data-testid="student-platforms">
      {platforms.data.map((p) => (
        <PlatformItem key={p.id} platform={p} current={p.subdomain === current} />
      ))}
    </ul>
  );
}

/** The student's home: their courses (the next lesson one click away), then the teachers' platforms they belong to. */
export function StudentDashboardPage() {
  // The subscriptions link's label lives in the courses namespace: load it with the page, or the raw key shows.
  const { t } = useTranslation(['dashboard', 'courses', 'revenue']);
  const session = useSession();
  const { subdomain } = useParams();
  const name = session.student?.name ?? session.user.name;
  return (
    <div className="space-y-6">
      <PageTitle title={t('common:pages.studentDashboard')} heading={t('student.welcome', { name })} subtitle={t('student.subtitle')}>
        <Link
          to={subdomain ? `/platform/${subdomain}/student/dashboard/subscriptions` : '/student/dashboard/subscriptions'}
          className={buttonClass('secondary')}
          data-testid="my-subscriptions-link"
        >
          {t('courses:nav.mySubscriptions')}
        </Link>
        <Link
          to={subdomain ? `/platform/${subdomain}/student/dashboard/payments` : '/student/dashboard/payments'}
          className={buttonClass('secondary')}
          data-testid="my-payments-link"
        >
          {t('revenue:student.title')}
        </Link>
      </PageTitle>
      <VerifyEmailReminder email={session.user.email} verified={session.user.emailVerified} />
      <MyCourses platforms={session.student?.platforms ?? []} />
      <Card aria-labelledby="platforms-title">
        <CardHeader id="platforms-title" title={t('student.platformsTitle')} description={t('student.platformsDescription')} />
        <PlatformList current={subdomain} />
      </Card>
    </div>
  );
}
