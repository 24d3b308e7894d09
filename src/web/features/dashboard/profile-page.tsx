import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { useDateFormat } from '@web/lib/format';
import { ArrowForwardIcon, SettingsIcon, UserIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { ContactForm } from './components/contact-form';
import { NameForm } from './components/name-form';
import { PlatformLink } from './components/platform-link';
import { usePlanName } from './components/plan-summary';
import { overviewQuery, type TOverview } from './api';

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 border-b border-gray-100 py-3 last:border-b-0 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 min-w-0 font-medium text-gray-900 sm:col-span-2 sm:mt-0" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Details({ data }: { data: TOverview }) {
  const { t } = useTranslation('dashboard');
  const formatDate = useDateFormat();
  const planName = usePlanName();
  return (
    <dl>
      <Detail label={t('profile.name')} testId="profile-name">
        {data.name}
      </Detail>
      <Detail label={t('profile.email')} testId="profile-email">
        <bdi dir="ltr">{data.email}</bdi>
      </Detail>
      <Detail label={t('profile.subdomain')} testId="profile-subdomain">
        <bdi dir="ltr">{data.subdomain}</bdi>
      </Detail>
      <Detail label={t('profile.platformUrl')}>
        <PlatformLink url={data.platformUrl} testId="profile-platform-link" />
      </Detail>
      <Detail label={t('profile.plan')}>{planName(data.plan)}</Detail>
      <Detail label={t('profile.status')}>{t(`status.${data.status}`, { defaultValue: data.status })}</Detail>
      <Detail label={t('profile.memberSince')} testId="profile-member-since">
        {formatDate(data.createdAt)}
      </Detail>
    </dl>
  );
}

/** Who the teacher is on Darsi, and their name, which they can change here. */
export function TeacherProfilePage() {
  const { t } = useTranslation('dashboard');
  const overview = useQuery(overviewQuery);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle title={t('common:pages.teacherProfile')} subtitle={t('profile.subtitle')} />
      <Card aria-labelledby="details-title">
        <CardHeader id="details-title" title={t('profile.details')} icon={<UserIcon />} />
        {overview.isPending && (
          <div aria-busy="true" className="space-y-3">
            <span className="sr-only" role="status">
              {t('common.loading')}
            </span>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </div>
        )}
        {overview.isError && !overview.data && <QueryError query={overview} />}
        {overview.data && <Details data={overview.data} />}
      </Card>
      <Card aria-labelledby="edit-name-title">
        <CardHeader id="edit-name-title" title={t('profile.editName')} description={t('profile.editNameDescription')} />
        <NameForm />
      </Card>
      <Card aria-labelledby="contact-title">
        <CardHeader id="contact-title" title={t('contact.title')} description={t('contact.description')} />
        <ContactForm />
      </Card>
      <Card aria-labelledby="more-title">
        <CardHeader id="more-title" title={t('profile.moreTitle')} description={t('profile.moreSettings')} icon={<SettingsIcon />} />
        <Link to="/teacher/settings" className={buttonClass('secondary')}>
          {t('profile.openSettings')}
          <ArrowForwardIcon className="h-4 w-4" />
        </Link>
      </Card>
    </div>
  );
}
