import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { useSearchParams } from 'react-router';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES } from '@shared/courses';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { ProgressBar, toneOf, useCourseFormat, usePaginationLabels } from '@web/features/courses/components/ui';
import { Pagination } from '@web/components/ui/pagination';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { Badge } from '@web/components/ui/badge';
import { UpgradePrompt, UsageLine } from '@web/features/courses/components/upgrade-prompt';
import { exportPaths, coursesApi, courseKeys, studentsQuery, usageQuery, type TStudentRow } from '@web/features/courses/api';

import { ChangePlanDialog, EnrollDialog, useCourses } from '@web/features/courses/components/enrollment-dialogs';
type TDialog = { kind: 'enroll'; row: TStudentRow } | { kind: 'plan'; row: TStudentRow } | null;


function StudentRow({ row, onDialog }: { row: TStudentRow; onDialog: (d: TDialog) => void }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const e = row.enrollment;
  const act = useMutation({
    mutationFn: async (action: 'cancel' | 'suspend' | 'reactivate') => {
      if (action === 'cancel') await coursesApi.cancelEnrollment(e!.id);
      else if (action === 'suspend') await coursesApi.suspendEnrollment(e!.id);
      else await coursesApi.reactivateEnrollment(e!.id);
    },
    onSuccess: (_r, action) => notify.success(t(`students.${action}Done`)),
    onError: (error) => notify.error(errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
  const status = e?.status ?? 'none';
  return (
    <li className="grid gap-3 p-4 sm:px-5 lg:grid-cols-[1.2fr_1fr_1fr_auto] lg:items-center" data-testid="student-row" data-status={status}>
      <div className="min-w-0">
        <p className="break-words font-bold text-gray-900">{row.name}</p>
        <p className="truncate text-sm text-gray-600">
          <bdi>{row.email}</bdi>
        </p>
      </div>
      <div className="min-w-0 space-y-1 text-sm">
        {e ? (
          <>
            <p className="break-words font-medium text-gray-900">{e.courseTitle}</p>
            <div className="flex flex-wrap gap-1.5">
              <Badge tone={toneOf(status)}>{status === 'expiring' ? t('subscriptions.expiringIn', { count: e.daysLeft ?? 0 }) : t(`subscriptions.status.${status}`)}</Badge>
              <Badge tone="blue">{t(`plans.types.${e.type}`)}</Badge>
              {e.autoRenew ? <Badge tone="gray">{t('students.recurring')}</Badge> : null}
            </div>
          </>
        ) : (
          <Badge tone="gray">{t('subscriptions.status.none')}</Badge>
        )}
      </div>
      <div className="min-w-0 space-y-1 text-xs text-gray-600">
        {e ? (
          <>
            <p>{t('students.enrolledOn', { date: format.date(e.startedAt) })}</p>
            <p>{e.expiresAt ? t('students.expiresOn', { date: format.date(e.expiresAt) }) : t('students.permanent')}</p>
            <ProgressBar percent={e.progress.percent} label={t('students.progressOf', { name: row.name })} />
            {e.notes ? <p className="break-words text-gray-700">{e.notes}</p> : null}
          </>
        ) : (
          <p>{t('students.joinedOn', { date: format.date(row.joinedAt) })}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-1.5 lg:justify-end">
        {/* Every row can enroll: a student following one course may be sold another. */}
        <Button size="sm" variant={!e || status === 'expired' || status === 'cancelled' ? 'primary' : 'secondary'} onClick={() => onDialog({ kind: 'enroll', row })} data-testid="enroll">
          {!e || status === 'expired' || status === 'cancelled' ? t('students.enroll') : t('students.enrollAnother')}
        </Button>
        {e ? (
          <Button size="sm" variant="secondary" onClick={() => onDialog({ kind: 'plan', row })} data-testid="change-plan">
            {t('students.changePlan')}
          </Button>
        ) : null}
        {e && (status === 'active' || status === 'expiring') ? (
          <ConfirmButton variant="ghost" cancelLabel={t('common.back')}
            label={t('students.cancel')}
            title={t('students.cancelTitle', { name: row.name })}
            body={t('students.cancelBody')}
            confirmLabel={t('students.cancelConfirm')}
            onConfirm={() => act.mutate('cancel')}
            testId="cancel"
          />
        ) : null}
        {e && (status === 'active' || status === 'expiring') ? (
          <ConfirmButton variant="ghost" cancelLabel={t('common.back')}
            label={t('students.suspend')}
            title={t('students.suspendTitle', { name: row.name })}
            body={t('students.suspendBody')}
            confirmLabel={t('students.suspendConfirm')}
            onConfirm={() => act.mutate('suspend')}
            testId="suspend"
          />
        ) : null}
        {e && (status === 'cancelled' || status === 'expired' || status === 'suspended') ? (
          <Button size="sm" variant="ghost" onClick={() => act.mutate('reactivate')} data-testid="reactivate">
            {t('students.reactivate')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** /teacher/students: Student Subscription Management (spec §2.4), paginated on the server. */
export function StudentsPage() {
  const { t } = useTranslation('courses');
  const paginationLabels = usePaginationLabels();
  const [params, setParams] = useSearchParams();
  const filters = {
    courseId: params.get('courseId') ?? undefined,
    status: params.get('status') ?? undefined,
    type: params.get('type') ?? undefined,
    q: params.get('q') ?? undefined,
    page: Math.max(1, Number(params.get('page') ?? '1') || 1),
  };
  const list = useQuery({ ...studentsQuery(filters), placeholderData: keepPreviousData });
  const usage = useQuery(usageQuery);
  const courses = useCourses();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [search, setSearch] = useState(filters.q ?? '');
  const setFilter = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };
  const exportPath = exportPaths.students(filters);

  return (
    <div className="space-y-6">
      <PageTitle title={t('common:pages.teacherStudents')} subtitle={t('students.subtitle')}>
        <a href={exportPath} className={buttonClass('secondary')} download data-testid="export-students">
          {t('students.exportCsv')}
        </a>
      </PageTitle>
      {usage.data ? (
        <>
          <UsageLine usage={usage.data} what="students" />
          <UpgradePrompt usage={usage.data} what="students" />
        </>
      ) : null}
      <Card className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t('students.filterCourse')}
          value={filters.courseId ?? ''}
          onChange={(e) => setFilter({ courseId: e.target.value || undefined })}
          options={[{ value: '', label: t('codes.allCourses') }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
        />
        <SelectField
          label={t('students.filterStatus')}
          value={filters.status ?? ''}
          onChange={(e) => setFilter({ status: e.target.value || undefined })}
          options={[{ value: '', label: t('students.allStatuses') }, ...[...SUBSCRIPTION_STATUSES, 'none'].map((s) => ({ value: s, label: t(`subscriptions.status.${s}`) }))]}
        />
        <SelectField
          label={t('students.filterType')}
          value={filters.type ?? ''}
          onChange={(e) => setFilter({ type: e.target.value || undefined })}
          options={[{ value: '', label: t('students.allTypes') }, ...PLAN_TYPES.map((p) => ({ value: p, label: t(`plans.types.${p}`) }))]}
        />
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter({ q: search.trim() || undefined });
          }}
        >
          <TextField label={t('students.search')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="min-w-0 flex-1" data-testid="student-search" />
          <Button type="submit" variant="secondary">
            {t('students.searchButton')}
          </Button>
        </form>
      </Card>
      {list.isPending ? (
        <Skeleton className="h-64" />
      ) : list.isError ? (
        <QueryError query={list} />
      ) : list.data.rows.length === 0 ? (
        <EmptyState title={t('students.emptyTitle')} body={t('students.emptyBody')} testId="students-empty" />
      ) : (
        <Card className="p-0 sm:p-0">
          <p className="border-b border-gray-100 px-4 py-3 text-sm text-gray-600 sm:px-5" data-testid="students-total">
            {t('students.total', { n: list.data.total })}
          </p>
          <ul className="divide-y divide-gray-100" data-testid="student-list">
            {list.data.rows.map((row) => (
              <StudentRow key={`${row.studentId}-${row.enrollment?.id ?? 'none'}`} row={row} onDialog={setDialog} />
            ))}
          </ul>
        </Card>
      )}
      {list.data ? <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(p) => setFilter({ page: String(p) })} labels={paginationLabels} hideSingle testId="pager" /> : null}
      {dialog?.kind === 'enroll' ? <EnrollDialog row={dialog.row} defaultCourseId={filters.courseId} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'plan' ? <ChangePlanDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
