import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLAN_IDS } from '@shared/plans';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { ChartIcon, UsersIcon } from '@web/components/ui/icons';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatCard } from './admin-ui';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useShortDay } from './datetime';
import { overviewQuery, type TAdminOverview } from '@web/features/admin/api';

// recharts is large: it loads with the chart, after the numbers are on screen.
const SignupsChart = lazy(() => import('./signups-chart').then((m) => ({ default: m.SignupsChart })));

function TeacherStats({ data }: { data: TAdminOverview }) {
  const { t } = useTranslation('admin');
  const link = (query: string) => `/admin/dashboard/teachers${query}`;
  const stats = [
    { key: 'total', value: data.teachers.total, to: link('') },
    { key: 'active', value: data.teachers.active, to: link('?status=active') },
    { key: 'inactive', value: data.teachers.inactive, to: link('?status=inactive') },
    { key: 'suspended', value: data.teachers.suspended, to: link('?status=suspended') },
    { key: 'onTrial', value: data.teachers.onTrial, to: link('?trial=on_trial') },
  ];
  return (
    <Card aria-labelledby="teachers-stats-title">
      <CardHeader id="teachers-stats-title" title={t('overview.teachers.title')} icon={<UsersIcon />} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {stats.map((s) => (
          <li key={s.key}>
            <Link to={s.to} className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-primary-500">
              <StatCard label={t(`overview.teachers.${s.key}`)} value={s.value} testId={`stat-teachers-${s.key}`} />
            </Link>
          </li>
        ))}
      </ul>
      <h3 className="mt-5 mb-2 text-sm font-bold text-gray-800">{t('overview.teachers.byPlan')}</h3>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {PLAN_IDS.map((plan) => (
          <li key={plan}>
            <Link to={link(`?plan=${plan}`)} className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-primary-500">
              <StatCard label={t(`plans.${plan}`)} value={data.teachers.byPlan[plan]} testId={`stat-plan-${plan}`} />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ContentStats({ data }: { data: TAdminOverview }) {
  const { t } = useTranslation('admin');
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <li>
        <StatCard label={t('overview.students')} value={data.students} testId="stat-students" />
      </li>
      <li>
        <StatCard label={t('overview.courses', { published: data.publishedCourses })} value={data.courses} testId="stat-courses" />
      </li>
      <li>
        <StatCard label={t('overview.publishedPages')} value={data.publishedPages} testId="stat-pages" />
      </li>
    </ul>
  );
}

/** The chart's numbers as a table, for screen readers and for anyone who wants the exact figures. */
function SignupsTable({ days }: { days: TAdminOverview['signups'] }) {
  const { t } = useTranslation('admin');
  const shortDay = useShortDay();
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-primary-700">{t('overview.chart.showTable')}</summary>
      <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={t('overview.chart.showTable')}>
        <table className="w-full text-start" data-testid="signups-table">
          <thead>
            <tr className="text-gray-600">
              <th className="py-1 text-start font-medium">{t('overview.chart.day')}</th>
              <th className="py-1 text-start font-medium">{t('overview.chart.teachers')}</th>
              <th className="py-1 text-start font-medium">{t('overview.chart.students')}</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.date} className="border-t border-gray-100">
                <td className="py-1">{shortDay(d.date)}</td>
                <td className="py-1">{d.teachers}</td>
                <td className="py-1">{d.students}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The platform in numbers and the sign-ups of the last 30 days. */
export function Overview() {
  const { t } = useTranslation('admin');
  const overview = useQuery(overviewQuery);
  if (overview.isPending) return <LoadingBlock label={t('common.loading')} />;
  if (overview.isError) return <QueryError query={overview} />;
  const data = overview.data;
  const total = data.signups.reduce((n, d) => n + d.teachers + d.students, 0);
  return (
    <div className="space-y-6" data-testid="admin-overview">
      <TeacherStats data={data} />
      <ContentStats data={data} />
      <Card aria-labelledby="signups-title">
        <CardHeader id="signups-title" title={t('overview.chart.title')} description={t('overview.chart.description', { count: total })} icon={<ChartIcon />} />
        <Suspense fallback={<Skeleton className="h-72" />}>
          <SignupsChart days={data.signups} />
        </Suspense>
        <SignupsTable days={data.signups} />
      </Card>
    </div>
  );
}
