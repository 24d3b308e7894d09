import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PLAN_IDS, type TPlanId } from '../../../shared/plans';
import { MAX_TRIAL_EXTENSION_DAYS, type TTeacherStatus } from '../../../shared/schemas/admin';
import { useErrorText } from '../../components/ui/dashboard/api-errors';
import { Button, buttonClass } from '../../components/ui/dashboard/button';
import { Card, CardHeader } from '../../components/ui/dashboard/card';
import { ErrorState } from '../../components/ui/dashboard/error-state';
import { hostOf, isolate, useDateFormat } from '../../components/ui/dashboard/format';
import { BookIcon, ExternalLinkIcon, ShieldIcon, SparkIcon, UserIcon, UsersIcon } from '../../components/ui/dashboard/icons';
import { PageTitle } from '../../components/ui/dashboard/page-heading';
import { api, unwrap } from '../../lib/api';
import { notify } from '../../lib/notify';
import { ConfirmButton, LoadingBlock, PlanBadge, SelectField, StatusBadge, TrialText, UsageBar, useBytesFormat } from './components/admin-ui';
import { Badge } from '../../components/ui/dashboard/badge';
import { AuditSubject } from './components/audit-details';
import { useDateTimeFormat } from './components/datetime';
import { teacherQuery, type TTeacherDetail } from './components/queries';

/** Runs an admin action, then refreshes what it changed and says so. */
function useTeacherAction<T>(run: (input: T) => Promise<unknown>, successKey: string) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notify.success(t(successKey));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => notify.error(errorText(error)),
  });
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="mt-0.5 break-words text-gray-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function ProfileCard({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateFormat();
  return (
    <Card aria-labelledby="profile-title">
      <CardHeader id="profile-title" title={t('detail.profile')} icon={<UserIcon />} />
      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label={t('detail.email')}>
          <bdi dir="ltr">{teacher.email}</bdi> {teacher.emailVerified ? t('detail.verified') : t('detail.notVerified')}
        </Field>
        <Field label={t('detail.subdomain')} testId="teacher-subdomain">
          <bdi dir="ltr">{hostOf(teacher.platformUrl)}</bdi>
        </Field>
        <Field label={t('detail.joined')}>{formatDate(teacher.createdAt)}</Field>
        <Field label={t('detail.language')}>{t(`languages.${teacher.language}`, { defaultValue: teacher.language })}</Field>
        <Field label={t('detail.trial')} testId="teacher-trial">
          <TrialText endsAt={teacher.trialEndsAt} onTrial={teacher.onTrial} />
        </Field>
      </dl>
    </Card>
  );
}

function UsageCard({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const formatBytes = useBytesFormat();
  return (
    <Card aria-labelledby="usage-title">
      <CardHeader id="usage-title" title={t('detail.usage')} description={t('detail.usageHint', { plan: t(`plans.${teacher.plan}`) })} icon={<UsersIcon />} />
      <div className="space-y-4">
        <UsageBar label={t('detail.students')} used={teacher.usage.students.used} limit={teacher.usage.students.limit} testId="usage-students" />
        <UsageBar label={t('detail.courses')} used={teacher.usage.courses.used} limit={teacher.usage.courses.limit} testId="usage-courses" />
        <UsageBar label={t('detail.storage')} used={teacher.usage.storage.usedBytes} limit={teacher.usage.storage.limitBytes} format={formatBytes} testId="usage-storage" />
        <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm" data-testid="usage-staff">
          <span className="font-medium text-gray-800">{t('detail.staff')}</span>
          <span className="text-gray-600" data-testid="usage-staff-value">
            {teacher.usage.staff.limit > 0 ? t('detail.staffNotYet', { limit: teacher.usage.staff.limit }) : t('detail.staffNone')}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-4 border-t border-gray-100 pt-4 sm:grid-cols-3">
          <Field label={t('detail.platformStudents')} testId="platform-students">
            {teacher.studentCount}
          </Field>
          <Field label={t('detail.publishedCourses')} testId="published-courses">
            {teacher.publishedCourses}
          </Field>
          <Field label={t('detail.publishedPages')} testId="published-pages">
            {teacher.publishedPages}
          </Field>
        </dl>
      </div>
    </Card>
  );
}

const COURSE_TONES = { published: 'green', draft: 'gray', archived: 'amber' } as const;

function CoursesCard({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Card aria-labelledby="courses-title" className="lg:col-span-2">
      <CardHeader id="courses-title" title={t('detail.courseList', { count: teacher.usage.courses.used })} icon={<BookIcon />} />
      {teacher.courses.length === 0 ? (
        <p className="text-sm text-gray-600">{t('detail.noCourses')}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="teacher-courses">
          {teacher.courses.map((course) => (
            <li key={course.id} className="flex items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm">
              <span className="min-w-0 truncate font-medium text-gray-900">{course.title}</span>
              <Badge tone={COURSE_TONES[course.status as keyof typeof COURSE_TONES] ?? 'gray'}>
                {t(`detail.courseStatuses.${course.status}`, { defaultValue: course.status })}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const STATUS_ACTIONS: Array<{ status: TTeacherStatus; key: string; variant: 'primary' | 'secondary' | 'danger' }> = [
  { status: 'active', key: 'activate', variant: 'primary' },
  { status: 'inactive', key: 'deactivate', variant: 'secondary' },
  { status: 'suspended', key: 'suspend', variant: 'danger' },
];

function StatusActions({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const change = useTeacherAction(
    (status: TTeacherStatus) => unwrap(api.admin.teachers[':id'].status.$patch({ param: { id: teacher.id }, json: { status } })),
    'detail.actions.statusChanged',
  );
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-bold text-gray-800">{t('detail.actions.status')}</h3>
      <div className="flex flex-wrap gap-2">
        {STATUS_ACTIONS.filter((a) => a.status !== teacher.status).map((a) => (
          <ConfirmButton
            key={a.status}
            label={t(`detail.actions.${a.key}`)}
            title={t(`detail.actions.${a.key}Title`, { name: teacher.name })}
            body={t(`detail.actions.${a.key}Body`)}
            confirmLabel={t(`detail.actions.${a.key}`)}
            variant={a.variant}
            onConfirm={() => change.mutateAsync(a.status).catch(() => undefined)}
            testId={`action-${a.key}`}
          />
        ))}
      </div>
    </div>
  );
}

function PlanAction({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const [plan, setPlan] = useState<TPlanId>(teacher.plan as TPlanId);
  const change = useTeacherAction((next: TPlanId) => unwrap(api.admin.teachers[':id'].plan.$patch({ param: { id: teacher.id }, json: { plan: next } })), 'detail.actions.planChanged');
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(plan);
      }}
    >
      <SelectField
        className="min-w-40 flex-1"
        label={t('detail.actions.plan')}
        value={plan}
        onChange={(e) => setPlan(e.target.value as TPlanId)}
        options={PLAN_IDS.map((p) => ({ value: p, label: t(`plans.${p}`) }))}
        data-testid="plan-select"
      />
      <Button type="submit" variant="secondary" busy={change.isPending} disabled={plan === teacher.plan} data-testid="change-plan">
        {t('detail.actions.changePlan')}
      </Button>
    </form>
  );
}

function TrialAction({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState('5');
  const extend = useTeacherAction((n: number) => unwrap(api.admin.teachers[':id'].trial.$post({ param: { id: teacher.id }, json: { days: n } })), 'detail.actions.trialExtended');
  const value = Number(days);
  const valid = Number.isInteger(value) && value >= 1 && value <= MAX_TRIAL_EXTENSION_DAYS;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) extend.mutate(value);
      }}
    >
      <div className="min-w-40 flex-1 space-y-1">
        <label htmlFor="trial-days" className="block text-sm font-medium text-gray-800">
          {t('detail.actions.trialDays', { max: MAX_TRIAL_EXTENSION_DAYS })}
        </label>
        <input
          id="trial-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TRIAL_EXTENSION_DAYS}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-invalid={!valid || undefined}
          className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:outline-2 focus:outline-primary-500"
        />
      </div>
      <Button type="submit" variant="secondary" busy={extend.isPending} disabled={!valid} data-testid="extend-trial">
        {t('detail.actions.extendTrial')}
      </Button>
    </form>
  );
}

function ActionsCard({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const reset = useTeacherAction(() => unwrap(api.admin.teachers[':id']['password-reset'].$post({ param: { id: teacher.id } })), 'detail.actions.resetSent');
  return (
    <Card aria-labelledby="actions-title" className="lg:col-span-2">
      <CardHeader id="actions-title" title={t('detail.actions.title')} description={t('detail.actions.description')} icon={<ShieldIcon />} />
      <div className="grid gap-6 md:grid-cols-2">
        <StatusActions teacher={teacher} />
        <div className="space-y-2">
          <h3 className="text-sm font-bold text-gray-800">{t('detail.actions.password')}</h3>
          <ConfirmButton
            label={t('detail.actions.sendReset')}
            title={t('detail.actions.sendResetTitle')}
            body={t('detail.actions.sendResetBody', { email: isolate(teacher.email) })}
            confirmLabel={t('detail.actions.sendReset')}
            onConfirm={() => reset.mutateAsync(undefined).catch(() => undefined)}
            testId="action-reset-password"
          />
        </div>
        <PlanAction key={teacher.plan} teacher={teacher} />
        <TrialAction teacher={teacher} />
      </div>
    </Card>
  );
}

function HistoryCard({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  const formatDateTime = useDateTimeFormat();
  const { items, total, names } = teacher.history;
  return (
    <Card aria-labelledby="history-title" className="lg:col-span-2">
      <CardHeader id="history-title" title={t('detail.history')} icon={<SparkIcon />} />
      {items.length === 0 ? (
        <p className="text-sm text-gray-600">{t('detail.noHistory')}</p>
      ) : (
        <ol className="space-y-2 text-sm" data-testid="teacher-history">
          {items.map((h) => (
            <li key={h.id} className="space-y-1 border-b border-gray-100 pb-2">
              <p className="flex flex-wrap gap-x-2">
                <span className="font-medium text-gray-900">{t(`audit.actions.${h.action}`, { defaultValue: h.action })}</span>
                <span className="text-gray-600">{h.actorName ?? t(`audit.roles.${h.actorRole}`, { defaultValue: h.actorRole })}</span>
                <span className="ms-auto whitespace-nowrap text-gray-500">{formatDateTime(h.createdAt)}</span>
              </p>
              <AuditSubject entry={{ ...h, teacherId: null }} names={names} />
            </li>
          ))}
        </ol>
      )}
      {total > 0 && (
        <Link to={`/admin/dashboard/audit?teacher=${teacher.id}`} className="mt-3 inline-block text-sm font-medium text-primary-700 hover:underline" data-testid="history-all">
          {t('detail.historyAll', { count: total })}
        </Link>
      )}
    </Card>
  );
}

function TeacherDetail({ teacher }: { teacher: TTeacherDetail }) {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-6">
      <PageTitle title={teacher.name}>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={teacher.status} />
          <PlanBadge plan={teacher.plan} />
          <a href={teacher.platformUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')} data-testid="open-public-page">
            <ExternalLinkIcon className="h-4 w-4" />
            {t('detail.openPublicPage')}
          </a>
        </div>
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-2">
        <ProfileCard teacher={teacher} />
        <UsageCard teacher={teacher} />
        <CoursesCard teacher={teacher} />
        <ActionsCard teacher={teacher} />
        <HistoryCard teacher={teacher} />
      </div>
    </div>
  );
}

/** One teacher: who they are, what their plan allows and uses, and what an admin can do about it. */
export function AdminTeacherDetailPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const errorText = useErrorText();
  const teacher = useQuery(teacherQuery(id));
  return (
    <div className="space-y-4">
      <Link to="/admin/dashboard/teachers" className="text-sm font-medium text-primary-700 hover:underline">
        {t('detail.back')}
      </Link>
      {teacher.isPending ? (
        <LoadingBlock label={t('common.loading')} />
      ) : teacher.isError ? (
        <ErrorState message={errorText(teacher.error)} onRetry={() => void teacher.refetch()} retrying={teacher.isFetching} />
      ) : (
        <TeacherDetail teacher={teacher.data} />
      )}
    </div>
  );
}
