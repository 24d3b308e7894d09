import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { directionOf, toLanguage } from '@shared/i18n';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { cx } from '@web/lib/cx';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { BoltIcon, FlameIcon, LockIcon, TargetIcon } from '@web/components/ui/course-icons';
import { LiveSessionsCard } from '@web/features/learning/components/live-sessions-card';
import { ProgressBar, toneOf, useCourseFormat } from '@web/components/ui/course-kit';
import { EmptyState } from '@web/components/ui/empty-state';
import { Badge } from '@web/components/ui/badge';
import { subscriptionsQuery, type TSubscriptions } from '@web/features/learning/api';
import { useStudentPaths } from '@web/lib/student-paths';
import { Slot } from '@web/lib/slots';

type TSub = TSubscriptions['subscriptions'][number];

function Summary({ data }: { data: TSubscriptions }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  const items = [
    ['total', data.summary.total],
    ['active', data.summary.active],
    ['expiring', data.summary.expiring],
    ['expired', data.summary.expired],
    ['lessonsCompleted', data.summary.lessonsCompleted],
    ['totalPaid', format.price(data.summary.totalPaidDzd)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="subscriptions-summary">
      {items.map(([key, value]) => (
        <div key={key} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="text-xs text-gray-600">{t(`mine.summary.${key}`)}</dt>
          <dd className="mt-1 text-xl font-extrabold text-gray-900" data-testid={`summary-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function SubscriptionCard({ sub }: { sub: TSub }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  const paths = useStudentPaths();
  return (
    <li className="space-y-3 rounded-2xl border border-gray-200 bg-white p-4" data-testid="subscription" data-status={sub.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-bold text-gray-900">{sub.course.title}</h3>
          <p className="text-sm text-gray-600">{sub.course.teacherName}</p>
        </div>
        <Badge tone={toneOf(sub.status)}>
          {sub.status === 'expiring' ? t('subscriptions.expiringIn', { count: sub.daysLeft ?? 0 }) : t(`subscriptions.status.${sub.status}`)}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('mine.type')}</dt>
        <dd className="text-gray-900">{sub.paid ? t('mine.paid', { plan: t(`plans.types.${sub.type}`) }) : t('plans.types.free')}</dd>
        <dt className="text-gray-600">{sub.autoRenew ? t('mine.nextRenewal') : t('mine.endsOn')}</dt>
        <dd className="text-gray-900">{sub.permanent ? t('mine.permanent') : format.date(sub.expiresAt)}</dd>
        <dt className="text-gray-600">{t('mine.daysLeft')}</dt>
        <dd className="text-gray-900">{sub.daysLeft === null ? '—' : format.number(sub.daysLeft)}</dd>
        <dt className="text-gray-600">{t('mine.totalPaid')}</dt>
        <dd className="text-gray-900">{format.price(sub.totalPaidDzd)}</dd>
        <dt className="text-gray-600">{t('mine.enrolledOn')}</dt>
        <dd className="text-gray-900">{format.date(sub.startedAt)}</dd>
      </dl>
      {sub.permanent ? <Badge tone="green">{t('mine.permanentAccess')}</Badge> : null}
      <ProgressBar percent={sub.progress.percent} label={t('mine.progressOf', { title: sub.course.title })} />
      <Slot name="certificateActions" courseId={sub.course.id} completed={sub.progress.total > 0 && sub.progress.done >= sub.progress.total} />
      <Link to={paths.course(sub.course.id)} className={buttonClass(sub.status === 'active' || sub.status === 'expiring' ? 'primary' : 'secondary', 'sm')}>
        {t('mine.openCourse')}
      </Link>
    </li>
  );
}

function SubscriptionList({ title, subs, testId }: { title: string; subs: TSub[]; testId: string }) {
  const { t } = useTranslation('courses');
  return (
    <section aria-label={title} data-testid={testId} className="space-y-3">
      <h2 className="text-lg font-bold text-gray-900">
        {title} <span className="text-sm font-normal text-gray-500">({subs.length})</span>
      </h2>
      {subs.length === 0 ? <p className="text-sm text-gray-600">{t('mine.noneHere')}</p> : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {subs.map((s) => (
          <SubscriptionCard key={s.id} sub={s} />
        ))}
      </ul>
    </section>
  );
}

function WeeklyChart({ data }: { data: TSubscriptions['weeklyActivity'] }) {
  const { t, i18n } = useTranslation('courses');
  const rtl = directionOf(toLanguage(i18n.resolvedLanguage)) === 'rtl';
  const locale = { ar: 'ar-DZ', en: 'en-GB', fr: 'fr-FR' }[toLanguage(i18n.resolvedLanguage)];
  const points = data.map((d) => ({
    ...d,
    label: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${d.date}T12:00:00Z`)),
  }));
  return (
    <figure className="h-48 w-full" data-testid="weekly-chart" aria-label={t('mine.weeklyAria', { total: data.reduce((s, d) => s + d.lessons, 0) })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <XAxis dataKey="label" reversed={rtl} tickLine={false} axisLine={false} fontSize={12} />
          <YAxis allowDecimals={false} orientation={rtl ? 'right' : 'left'} width={28} tickLine={false} axisLine={false} fontSize={12} />
          <Tooltip formatter={(value) => [value, t('mine.lessons')]} />
          <Bar dataKey="lessons" fill="var(--color-primary-600, #2563eb)" radius={[6, 6, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

const ACHIEVEMENT_ICONS = { fastLearner: BoltIcon, perfectScore: TargetIcon, consistent: FlameIcon } as const;

function Achievements({ items }: { items: TSubscriptions['achievements'] }) {
  const { t } = useTranslation('courses');
  return (
    <ul className="grid gap-3 sm:grid-cols-3" data-testid="achievements">
      {items.map((a) => {
        const AchievementIcon = a.locked ? LockIcon : ACHIEVEMENT_ICONS[a.key];
        // A locked one is told apart by its dashed border and lock, not by fading: opacity-70 took its
        // text to 4.33:1 (issue 11); every text here stays at 4.5:1 or more.
        return (
          <li
            key={a.key}
            data-testid={`achievement-${a.key}`}
            data-earned={a.earned}
            data-locked={a.locked}
            className={cx(
              'space-y-1 rounded-2xl border p-4',
              a.earned ? 'border-green-200 bg-green-50' : a.locked ? 'border-dashed border-gray-300 bg-gray-50' : 'border-gray-200 bg-white',
            )}
          >
            <AchievementIcon className={cx('h-7 w-7', a.earned ? 'text-green-700' : 'text-gray-500')} />
            <p className="font-bold text-gray-900">{t(`mine.achievements.${a.key}.title`)}</p>
            <p className="text-sm text-gray-600">{t(`mine.achievements.${a.key}.body`)}</p>
            <p className="text-xs font-medium text-gray-700">
              {a.locked
                ? t('mine.achievements.comingSoon')
                : a.earned
                  ? t('mine.achievements.earned')
                  : t('mine.achievements.progress', { progress: a.progress, goal: a.goal })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Spec §2.4 My Subscriptions: summary, lists, progress, weekly activity, achievements, live sessions. */
export function MySubscriptionsPage() {
  const { t } = useTranslation('courses');
  const { t: tn } = useTranslation('notifications');
  const paths = useStudentPaths();
  const query = useQuery(subscriptionsQuery(paths.platform));
  if (query.isPending) {
    return <LoadingBlock blocks={['h-24', 'h-64']} className="space-y-4" />;
  }
  if (query.isError) return <QueryError query={query} />;
  const data = query.data;
  const active = data.subscriptions.filter((s) => s.status === 'active');
  const expiring = data.subscriptions.filter((s) => s.status === 'expiring');
  const expired = data.subscriptions.filter((s) => s.status === 'expired' || s.status === 'cancelled' || s.status === 'suspended');
  return (
    <div className="space-y-6">
      <PageTitle title={t('mine.title')} subtitle={data.platform ? t('mine.onPlatform', { name: data.platform.name }) : t('mine.allPlatforms')}>
        {/* Issue 26: the conversations with the student's teachers. */}
        <Link to={`${paths.home}/messages`} className={buttonClass('secondary', 'sm')} data-testid="write-teacher">
          {tn('messages.writeTeacher')}
        </Link>
      </PageTitle>
      {data.platform ? (
        <Card aria-labelledby="redeem-title">
          <CardHeader id="redeem-title" title={t('redeem.title')} description={t('redeem.description')} />
          <Slot name="redeemForm" platform={paths.platform} />
        </Card>
      ) : null}
      <Summary data={data} />
      {data.subscriptions.length === 0 ? (
        <EmptyState title={t('mine.emptyTitle')} body={t('mine.emptyBody')} testId="subscriptions-empty" />
      ) : (
        <>
          <SubscriptionList title={t('mine.active')} subs={active} testId="list-active" />
          <SubscriptionList title={t('mine.expiring')} subs={expiring} testId="list-expiring" />
          <SubscriptionList title={t('mine.expired')} subs={expired} testId="list-expired" />
        </>
      )}
      {data.available.length > 0 ? (
        <Card aria-labelledby="available-title">
          <CardHeader id="available-title" title={t('mine.availableTitle')} />
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.available.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 rounded-xl border border-gray-200 p-3">
                <span className="min-w-0 break-words font-medium text-gray-900">{c.title}</span>
                <Link to={paths.course(c.id)} className={buttonClass('secondary', 'sm')}>
                  {t('mine.viewCourse')}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="weekly-title">
          <CardHeader id="weekly-title" title={t('mine.weekly')} />
          <WeeklyChart data={data.weeklyActivity} />
        </Card>
        <LiveSessionsCard platform={paths.platform} initial={data.liveSessions} />
      </div>
      <Card aria-labelledby="achievements-title">
        <CardHeader id="achievements-title" title={t('mine.achievementsTitle')} />
        <Achievements items={data.achievements} />
      </Card>
    </div>
  );
}
