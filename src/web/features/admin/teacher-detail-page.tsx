import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { hostOf, useDateFormat } from '@web/lib/format';
import { BookIcon, ExternalLinkIcon, SparkIcon, UserIcon, UsersIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { PlanBadge, StatusBadge, TrialText, UsageBar, useBytesFormat } from './components/admin-ui';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { Badge } from '@web/components/ui/badge';
import { AuditSubject } from './components/audit-details';
import { useDateTimeFormat } from './components/datetime';
import { teacherQuery, type TTeacherDetail } from './api';

import { ActionsCard } from './components/teacher-actions';

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
        <UsageBar
          label={t('detail.storage')}
          used={teacher.usage.storage.usedBytes}
          limit={teacher.usage.storage.limitBytes}
          format={formatBytes}
          testId="usage-storage"
        />
        <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm" data-testid="usage-staff">
          <span className="font-medium text-gray-800">{t('detail.staff')}</span>
          <span className="text-gray-600" data-testid="usage-staff-value">
            {teacher.usage.staff.limit > 0
              ? t('detail.staffNotYet', { used: teacher.usage.staff.used, limit: teacher.usage.staff.limit })
              : t('detail.staffNone')}
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
        <Link
          to={`/admin/dashboard/audit?teacher=${teacher.id}`}
          className="mt-3 inline-block text-sm font-medium text-primary-700 hover:underline"
          data-testid="history-all"
        >
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
      {teacher.statusReason ? (
        <p className="-mt-3 text-sm break-words text-gray-700" data-testid="status-reason-shown">
          {t('detail.statusReason', { reason: teacher.statusReason })}
        </p>
      ) : null}
      {/* Grid items default to min-width: auto, so one long e-mail or link widened the page past 375 px. */}
      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
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
  const teacher = useQuery(teacherQuery(id));
  return (
    <div className="space-y-4">
      <Link to="/admin/dashboard/teachers" className="text-sm font-medium text-primary-700 hover:underline">
        {t('detail.back')}
      </Link>
      {teacher.isPending ? (
        <LoadingBlock label={t('common.loading')} />
      ) : teacher.isError ? (
        <QueryError query={teacher} />
      ) : (
        <TeacherDetail teacher={teacher.data} />
      )}
    </div>
  );
}
