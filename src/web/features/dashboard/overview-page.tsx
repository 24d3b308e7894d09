import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@web/components/ui/page-heading';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { CopyButton } from '@web/components/ui/copy-button';
import { QueryError } from '@web/components/ui/error-state';
import { hostOf, isolate } from '@web/lib/format';
import { ArrowForwardIcon, BookIcon, ExternalLinkIcon, GlobeIcon, LayoutIcon, SettingsIcon, SparkIcon, UsersIcon } from '@web/components/ui/icons';
import { roleAllows, type TStaffPermission } from '@shared/staff';
import { useSession } from '@web/components/area/session';
import { Skeleton } from '@web/components/ui/skeleton';
import { VerifyEmailReminder } from '@web/components/resend-verification';
import { GettingStarted } from './components/getting-started';
import { PlanSummary } from './components/plan-summary';
import { CodesWaitingNotice } from './components/codes-waiting';
import { overviewQuery, type TOverview } from './api';

const QUICK_LINKS: Array<{ key: string; to: string; icon: ComponentType<{ className?: string }>; permission: TStaffPermission }> = [
  { key: 'landingPages', to: '/dashboard/landing-pages', icon: LayoutIcon, permission: 'content' },
  { key: 'courses', to: '/teacher/courses', icon: BookIcon, permission: 'content' },
  { key: 'students', to: '/teacher/students', icon: UsersIcon, permission: 'students' },
  { key: 'settings', to: '/teacher/settings', icon: SettingsIcon, permission: 'settings' },
];

function OverviewSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div aria-busy="true" data-testid="overview-loading" className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <span className="sr-only" role="status">
        {t('overview.loading')}
      </span>
      <Skeleton className="h-44 lg:col-span-2" />
      <Skeleton className="h-44" />
      <Skeleton className="h-36" />
      <Skeleton className="h-36 lg:col-span-2" />
    </div>
  );
}

function PlatformCard({ url }: { url: string }) {
  const { t } = useTranslation('dashboard');
  const host = hostOf(url);
  return (
    <Card className="lg:col-span-2" aria-labelledby="platform-title">
      <CardHeader id="platform-title" title={t('overview.platform.title')} description={t('overview.platform.description')} icon={<GlobeIcon />} />
      <div className="flex flex-col gap-3 rounded-xl bg-gray-50 p-3 sm:flex-row sm:items-center">
        <bdi dir="ltr" data-testid="platform-url" className="min-w-0 flex-1 truncate text-start text-lg font-bold text-gray-900">
          {host}
        </bdi>
        <div className="flex shrink-0 gap-2">
          <CopyButton text={url} label={t('overview.platform.copy')} testId="copy-platform-url" />
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary', 'sm')}
            aria-label={t('topBar.platformLink', { host: isolate(host) })}
          >
            <ExternalLinkIcon className="h-4 w-4" />
            <span>{t('overview.platform.open')}</span>
          </a>
        </div>
      </div>
    </Card>
  );
}

function OverviewCards({ data }: { data: TOverview }) {
  const { t } = useTranslation('dashboard');
  // A staff member (issue 28) sees the links their role allows; the getting-started list is the teacher's own.
  const role = useSession().staff?.role ?? null;
  const links = QUICK_LINKS.filter((link) => roleAllows(role, link.permission));
  return (
    // grid-cols-1 is minmax(0, 1fr): a long platform address is truncated instead of widening a phone screen.
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {role === null && <GettingStarted />}
      <PlatformCard url={data.platformUrl} />
      <Card aria-labelledby="plan-title">
        <CardHeader id="plan-title" title={t('overview.plan.title')} icon={<SparkIcon />} />
        <PlanSummary overview={data} />
      </Card>
      <Card aria-labelledby="students-title">
        <CardHeader id="students-title" title={t('overview.students.title')} description={t('overview.students.description')} icon={<UsersIcon />} />
        <p className="text-4xl font-extrabold text-gray-900" data-testid="student-count">
          {data.studentCount}
        </p>
        {roleAllows(role, 'students') && (
          <Link to="/teacher/students" className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline">
            {t('overview.students.manage')}
            <ArrowForwardIcon className="h-4 w-4" />
          </Link>
        )}
      </Card>
      {links.length > 0 && (
        <Card className="lg:col-span-2" aria-labelledby="quick-title">
          <CardHeader id="quick-title" title={t('overview.quickLinks.title')} />
          <ul className="grid gap-2 sm:grid-cols-2">
            {links.map(({ key, to, icon: Icon }) => (
              <li key={key}>
                <Link
                  to={to}
                  className="flex min-h-12 items-center gap-3 rounded-xl border border-gray-200 px-3 py-2 text-sm font-medium text-gray-800 hover:border-primary-300 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-500"
                >
                  <Icon className="h-5 w-5 text-primary-600" />
                  <span className="min-w-0 flex-1">{t(`overview.quickLinks.${key}`)}</span>
                  <ArrowForwardIcon className="h-4 w-4 text-gray-400" />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

/** The teacher's first screen: a welcome, their platform link, their plan and trial, their students. */
/** `trends`: the analytics feature's figures against the previous period, put in by the app's routes. */
export function TeacherOverviewPage({ trends }: { trends?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const overview = useQuery(overviewQuery);
  const name = overview.data?.name ?? session.teacher?.name ?? session.user.name;
  return (
    <div className="space-y-6">
      <PageTitle title={t('common:pages.teacherDashboard')} heading={t('overview.welcome', { name })} subtitle={t('overview.subtitle')} />
      <VerifyEmailReminder email={session.user.email} verified={session.user.emailVerified} />
      {overview.isPending && <OverviewSkeleton />}
      {overview.isError && !overview.data && <QueryError query={overview} />}
      {overview.data && <CodesWaitingNotice count={overview.data.codesWaiting} />}
      {overview.data && <OverviewCards data={overview.data} />}
      {/* The trends hold revenue: only for those who may see money (issue 28). */}
      {roleAllows(session.staff?.role ?? null, 'money') && trends}
    </div>
  );
}
